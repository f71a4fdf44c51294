import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RetainedMessageDetails } from '../../api/generated/model/retainedMessageDetails';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { getCurrentToast } from '../../components/toast/toast-store';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { recordedTbmqAnswer, tbmqNoHandler } from '../../test-support/tbmq-recorded-answers';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import RetainedMessagesPage from './retained-messages-page';

const base64 = (text: string) => btoa(text);

function makeMessage(topic: string, payload: string, changes: Partial<RetainedMessageDetails> = {}): RetainedMessageDetails {
  return {
    topic,
    qos: 1,
    payload,
    payloadBase64: base64(payload),
    payloadPreview: base64(payload.slice(0, 96)),
    payloadSize: payload.length,
    payloadFormatIndicator: null,
    contentType: null,
    createdTime: Date.parse('2026-03-01T12:30:00Z'),
    userProperties: null,
    messageExpiryInterval: null,
    expiryTime: null,
    responseTopic: null,
    correlationData: null,
    ...changes,
  };
}

const messages = [
  makeMessage('plant/1/temperature', '{"value":21.5}', { userProperties: { props: [{ k: 'unit', v: 'C' }] } }),
  makeMessage('plant/2/temperature', '19'),
  makeMessage('office/door', 'open'),
];

/** The retained messages API as far as the page uses it; records every call. */
function stubRetainedBroker(held: RetainedMessageDetails[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/app/config') return Response.json({ tcpPort: 1999 });
    if (route === 'GET /api/retained-msg/v2') {
      const search = url.searchParams.get('textSearch') ?? '';
      const prefix = url.searchParams.get('topicFilter')?.replace(/#$/, '') ?? '';
      return Response.json(pageOf(held.filter((message) => message.topic.includes(search) && message.topic.startsWith(prefix)), url));
    }
    if (route === 'GET /api/retained-msg') {
      const message = held.find((candidate) => candidate.topic === url.searchParams.get('topicName'));
      return message ? Response.json(message) : Response.json({ status: 404, errorCode: 32, message: 'Not found' }, { status: 404 });
    }
    if (route === 'POST /api/retained-msg/delete') {
      const count = (body as { topicNames: string[] }).topicNames.length;
      return Response.json({ matchedCount: count, deletedCount: count });
    }
    return undefined;
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/retained-msg/v2');
const openAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return renderPage(<RetainedMessagesPage />);
};

describe('retained messages page (issue 14)', () => {
  setUpSignedInPageTests();
  beforeEach(() => window.history.replaceState(null, '', '/retained-messages'));

  it('lists the messages with a one-line payload preview, sorted as the URL says', async () => {
    const calls = stubRetainedBroker(messages);
    openAt('/retained-messages?sortProperty=topic&sortOrder=ASC&page=0&pageSize=50');
    const row = (await screen.findByRole('button', { name: 'plant/1/temperature' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('{"value":21.5}');
    expect(row.textContent).toContain('14 bytes');
    const call = listCalls(calls)[0];
    expect(call?.url.searchParams.get('sortProperty')).toBe('topic');
    expect(call?.url.searchParams.get('pageSize')).toBe('50');
    expect(screen.getByRole('columnheader', { name: /Topic/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches by a topic filter once typing pauses, and points out one no subscriber could use', async () => {
    const calls = stubRetainedBroker(messages);
    openAt('/retained-messages');
    await screen.findByRole('button', { name: 'office/door' });
    const box = screen.getByTestId('retained-topic-filter');
    fireEvent.change(box, { target: { value: 'plant/#/x' } });
    expect(screen.getByText('Not a topic filter: + and # stand for whole levels, # only at the end.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'plant/#' } });
    await waitFor(() => expect(window.location.search).toBe('?topicFilter=plant%2F%23'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'office/door' })).toBeNull());
    expect(listCalls(calls).map((call) => call.url.searchParams.get('topicFilter'))).not.toContain('plant/#/x');
  });

  it('deletes the ticked messages after confirming their count', async () => {
    const calls = stubRetainedBroker(messages);
    openAt('/retained-messages');
    fireEvent.click(await screen.findByLabelText('Select plant/1/temperature'));
    fireEvent.click(screen.getByLabelText('Select office/door'));
    fireEvent.click(screen.getByTestId('retained-delete-selected'));
    expect(await screen.findByText('Delete 2 retained messages?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    await screen.findByText('2 retained messages deleted.');
    const deletion = calls.find((call) => call.method === 'POST');
    expect(deletion?.body).toEqual({ topicNames: ['plant/1/temperature', 'office/door'] });
  });

  it('opens a message from a link, with its properties and its payload as JSON', async () => {
    stubRetainedBroker(messages);
    openAt('/retained-messages?topic=plant%2F1%2Ftemperature');
    expect((await screen.findByTestId('retained-details-topic')).textContent).toBe('plant/1/temperature');
    expect(screen.getByTestId('payload-json').textContent).toContain('"value": 21.5');
    expect(screen.getByTestId('retained-user-properties').textContent).toContain('unit');
  });

  it('counts down the time a message with an expiry is still delivered', async () => {
    const expiring = makeMessage('office/alarm', 'ring', { messageExpiryInterval: 120, expiryTime: Date.now() + 90_500 });
    stubRetainedBroker([expiring]);
    openAt('/retained-messages?topic=office%2Falarm');
    expect((await screen.findByTestId('retained-expiry')).textContent).toContain('in 1 minute');
    expect(screen.getByTestId('retained-expiry').textContent).toContain('interval 120 s');
  });

  it('explains retained messages and offers the command that leaves one, when the broker holds none', async () => {
    stubRetainedBroker([]);
    openAt('/retained-messages');
    await waitFor(() =>
      expect(screen.getByTestId('first-retained-command').textContent).toBe(`mosquitto_pub -h localhost -p 1999 -t sensors/temperature -m '{"temperature":21.5}' -q 1 -r`),
    );
    expect(screen.getByText(/the last message published to a topic with the retain flag set/)).toBeTruthy();
  });

  it('lists, opens and deletes on TBMQ 2.3 (its recorded answers, no extension): no tree, no bulk delete, no toast', async () => {
    const calls = stubBrokerCalls(({ method, url }) => {
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
      if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
      if (route === 'GET /api/starling/extensions') return tbmqNoHandler();
      if (route === 'GET /api/app/config') return recordedTbmqAnswer('app/getBrokerConfig.json');
      if (route === 'GET /api/retained-msg/v2') return recordedTbmqAnswer('retained/getRetainedMessages--tbmq-v2.json');
      if (route === 'GET /api/retained-msg') return recordedTbmqAnswer('retained/getRetainedMessage--mqtt5-properties.json');
      if (route === 'DELETE /api/retained-msg') return recordedTbmqAnswer('retained/deleteRetainedMessage.json');
      return undefined;
    });
    openAt('/retained-messages?topicFilter=retained%2F%23&sortProperty=payloadSize');
    const row = (await screen.findByRole('button', { name: 'retained/v5/props' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('{"temp": 21.5}');
    expect(screen.getByRole('button', { name: 'demo/retained/1' })).toBeTruthy();
    // Starling's extensions are not offered: no tree view, topic filter, tick boxes or size column.
    expect(screen.queryByRole('tab', { name: 'Topic tree' })).toBeNull();
    expect(screen.queryByTestId('retained-topic-filter')).toBeNull();
    expect(screen.queryByLabelText('Select retained/v5/props')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Size/ })).toBeNull();
    // The list asks with TBMQ's parameters only.
    const asked = listCalls(calls)[0]?.url.searchParams;
    expect(asked?.get('topicFilter')).toBeNull();
    expect(asked?.get('sortProperty')).toBe('createdTime');

    fireEvent.click(screen.getByRole('button', { name: 'retained/v5/props' }));
    expect((await screen.findByTestId('retained-details-topic')).textContent).toBe('retained/v5/props');
    expect(screen.getByTestId('payload-json').textContent).toContain('"temp": 21.5');
    expect(screen.getByTestId('retained-user-properties').textContent).toContain('celsius');

    fireEvent.click(screen.getByTestId('retained-details-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.searchParams.get('topicName') === 'retained/v5/props')).toBe(true));
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/retained-msg/tree') || call.url.pathname.includes('/delete'))).toEqual([]);
    expect(getCurrentToast()?.type).not.toBe('error');
  });
});
