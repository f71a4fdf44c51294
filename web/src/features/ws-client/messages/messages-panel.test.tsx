import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { stubScreenWidth } from '../../../test-support/screen-width';
import { WsSession } from '../session/ws-session';
import { MessagesPanel } from './messages-panel';
import type { WsMessage } from './ws-message';

const utf8 = new TextEncoder();

function message(topic: string, payload: string, overrides: Partial<WsMessage> = {}): WsMessage {
  return { seq: -1, time: Date.UTC(2025, 0, 1), direction: 'RECEIVED', topic, qos: 1, retain: false, payload: utf8.encode(payload), properties: undefined, color: '#ff0000', ...overrides };
}

/** jsdom lays nothing out: give the list a height so that the virtual list has rows to show. */
beforeEach(() => {
  // The panel works at 500 px.
  stubScreenWidth(500);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
});

let frames: (() => void)[] = [];
afterEach(() => {
  cleanup();
  frames = [];
});
const runFrame = () => act(() => frames.splice(0).forEach((callback) => callback()));

function sessionWith(messages: WsMessage[]): WsSession {
  const session = new WsSession('panel-test', { scheduleFrame: (callback) => frames.push(callback) });
  messages.forEach((each) => session.messages.append(each));
  return session;
}

describe('the messages panel', () => {
  it('lists the messages newest first in their subscription colour, and shows new ones on the next frame', () => {
    const session = sessionWith([message('sensors/1', '{"t":1}'), message('sensors/2', 'plain text')]);
    renderWithProviders(<MessagesPanel session={session} />);
    const rows = screen.getAllByTestId('ws-message-row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('sensors/2'), expect.stringContaining('sensors/1')]);
    expect(rows[1]?.textContent).toContain('{"t":1}');
    expect(rows[0]?.style.borderLeftColor).toBe('rgb(255, 0, 0)');
    act(() => void session.messages.append(message('sensors/3', 'x', { direction: 'PUBLISHED' })));
    expect(screen.getAllByTestId('ws-message-row')).toHaveLength(2);
    runFrame();
    expect(screen.getAllByTestId('ws-message-row')).toHaveLength(3);
    expect(screen.getByTestId('ws-message-counts').textContent).toContain('3 shown of 3 kept');
  });

  it('filters by a topic filter and by type', () => {
    const session = sessionWith([message('sensors/1/t', 'a'), message('sensors/2/h', 'b'), message('other', 'c', { direction: 'PUBLISHED' })]);
    renderWithProviders(<MessagesPanel session={session} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sensors/+/t' } });
    expect(screen.getAllByTestId('ws-message-row').map((row) => row.textContent)).toEqual([expect.stringContaining('sensors/1/t')]);
    expect(screen.getByText('Matched as an MQTT topic filter.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.click(within(screen.getByTestId('ws-message-filter')).getByText('Published'));
    expect(screen.getAllByTestId('ws-message-row').map((row) => row.textContent)).toEqual([expect.stringContaining('other')]);
  });

  it('opens a message with its MQTT 5 properties and the payload viewer', () => {
    const session = sessionWith([
      message('plant/a', '{"temperature":21}', { properties: { contentType: 'application/json', correlationData: utf8.encode('c-1'), userProperties: { site: ['x', 'y'] }, subscriptionIdentifier: 4 } }),
    ]);
    renderWithProviders(<MessagesPanel session={session} />);
    fireEvent.click(screen.getByTestId('ws-message-row'));
    const details = screen.getByTestId('ws-message-details');
    expect(details.textContent).toContain('application/json');
    expect(details.textContent).toContain('c-1');
    expect(within(screen.getByTestId('ws-message-user-properties')).getAllByRole('row')).toHaveLength(2);
    expect(details.textContent).toContain('temperature');
  });

  it('shows every message received and those dropped by the limit, beyond what the list keeps', () => {
    const session = sessionWith([]);
    session.messages.setMessagesToKeep(100);
    for (let index = 0; index < 150; index += 1) session.messages.append(message(`t/${index}`, 'x'));
    session.messages.append(message('out', 'y', { direction: 'PUBLISHED' }));
    renderWithProviders(<MessagesPanel session={session} />);
    expect(screen.getByTestId('ws-message-counts').textContent).toContain('100 shown of 100 kept');
    expect(screen.getByTestId('ws-message-tally').textContent).toBe('150 received · 51 dropped by the limit');
    act(() => void session.messages.append(message('late', 'z')));
    runFrame();
    expect(screen.getByTestId('ws-message-tally').textContent).toBe('151 received · 52 dropped by the limit');
  });

  it('renders a screenful of rows at the scroll position, however many messages it keeps', () => {
    const session = sessionWith(Array.from({ length: 1000 }, (_, index) => message(`t/${index}`, 'x')));
    renderWithProviders(<MessagesPanel session={session} />);
    // 600 px of 50 px rows, and 3 rows past the edge.
    expect(screen.getAllByTestId('ws-message-row')).toHaveLength(15);
    const list = screen.getByTestId('ws-message-list');
    Object.defineProperty(list, 'scrollTop', { value: 5000, configurable: true });
    fireEvent.scroll(list);
    const rows = screen.getAllByTestId('ws-message-row');
    expect(rows).toHaveLength(18);
    // Newest first: row 100 from the top holds message 899, with three rows above it.
    expect(rows[3]?.textContent).toContain('t/899');
  });

  it('clears the history', () => {
    const session = sessionWith([message('a', '1')]);
    renderWithProviders(<MessagesPanel session={session} />);
    fireEvent.click(screen.getByTestId('ws-message-clear'));
    expect(screen.queryAllByTestId('ws-message-row')).toHaveLength(0);
    expect(screen.getByText(/No messages to show/)).toBeTruthy();
  });
});
