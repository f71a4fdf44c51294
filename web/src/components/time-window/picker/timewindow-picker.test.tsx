import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { POPOVER_TRANSITION_MS } from '../../popover/popover';
import { defaultTimewindow, type Timewindow } from '../model/timewindow';
import { TimewindowPicker, type TimewindowPickerProps } from './timewindow-picker';

// Wednesday 15 May 2024, 12:00 UTC.
const NOW = Date.UTC(2024, 4, 15, 12);
const HOUR = 3_600_000;

const saved = (changes: Partial<Timewindow> = {}): Timewindow => ({ ...defaultTimewindow(NOW, { timezone: 'UTC' }), ...changes });

function Picker({ initial, onValue, ...props }: Omit<TimewindowPickerProps, 'value' | 'onChange'> & { initial: Timewindow; onValue: (value: Timewindow) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimewindowPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      {...props}
    />
  );
}

function renderPicker(props: Partial<TimewindowPickerProps> & { initial?: Timewindow } = {}) {
  const onValue = vi.fn<(value: Timewindow) => void>();
  renderWithProviders(<Picker initial={props.initial ?? saved()} onValue={onValue} {...props} />);
  return onValue;
}

const panel = () => screen.getByRole('group', { name: 'Time window' });
const isOpen = () => screen.queryByRole('group', { name: 'Time window' }) !== null;
const open = async (summary: string | RegExp) => {
  fireEvent.click(screen.getByRole('button', { name: summary }));
  return screen.findByRole('group', { name: 'Time window' });
};
const waitUntilClosed = () => waitFor(() => expect(isOpen()).toBe(false));
const updateButton = () => within(panel()).getByRole('button', { name: 'Update' }) as HTMLButtonElement;
const select = (label: string | RegExp) => within(panel()).getByLabelText(label) as HTMLSelectElement;
const choose = (label: string | RegExp, value: string) => fireEvent.change(select(label), { target: { value } });
const LIMIT = /^Maximum values/;
const TIMEZONE = /^Time zone/;
const field = (label: string | RegExp) => within(panel()).getByLabelText(label) as HTMLInputElement;

describe('time-window picker (spec sections 4, 5 and 9)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('names the window on its button and enables Update only for a valid change', async () => {
    const onValue = renderPicker();
    await open('Realtime · last 1 hour');
    expect(updateButton().disabled).toBe(true);

    choose('Last interval', String(5 * 60_000));
    expect(updateButton().disabled).toBe(false);
    choose('Last interval', String(HOUR));
    expect(updateButton().disabled).toBe(true);

    choose('Last interval', 'custom');
    fireEvent.change(field('hours'), { target: { value: '0' } });
    expect(within(panel()).getByText('The interval must be longer than 0 seconds.')).toBeTruthy();
    expect(updateButton().disabled).toBe(true);
    fireEvent.change(field('minutes'), { target: { value: '90' } });
    expect(updateButton().disabled).toBe(false);

    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue).toHaveBeenCalledOnce();
    expect(onValue.mock.calls[0]?.[0].realtime).toMatchObject({ realtimeType: 'LAST_INTERVAL', timewindowMs: 90 * 60_000 });
    expect(screen.getByRole('button', { name: 'Realtime · last 1 hour, 30 minutes' })).toBeTruthy();
  });

  it('keeps Update disabled while loading', async () => {
    renderPicker({ loading: true });
    await open('Realtime · last 1 hour');
    choose('Last interval', String(5 * 60_000));
    expect(updateButton().disabled).toBe(true);
  });

  it('discards changes on Cancel and on a click beside the panel', async () => {
    const onValue = renderPicker();
    await open('Realtime · last 1 hour');
    choose('Last interval', String(5 * 60_000));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Cancel' }));
    await waitUntilClosed();

    await open('Realtime · last 1 hour');
    expect(select('Last interval').value).toBe(String(HOUR));
    choose('Last interval', String(5 * 60_000));
    const backdrop = document.querySelector('.bp6-popover-backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop as Element);
    await waitUntilClosed();
    await act(() => new Promise((resolve) => setTimeout(resolve, POPOVER_TRANSITION_MS + 50)));

    expect(onValue).not.toHaveBeenCalled();
    await open('Realtime · last 1 hour');
    expect(select('Last interval').value).toBe(String(HOUR));
  });

  it('with aggregation NONE wants a limit between the minimum and maximum datapoints', async () => {
    const onValue = renderPicker({ aggregation: true, maxDatapoints: 300 });
    await open('Realtime · last 1 hour');
    expect(select('Grouping interval').value).toBe('30000');
    choose('Aggregation', 'NONE');
    expect(within(panel()).queryByLabelText('Grouping interval')).toBeNull();
    expect(field(LIMIT).value).toBe('250');

    fireEvent.change(field(LIMIT), { target: { value: '6' } });
    expect(within(panel()).getByText('Between 7 and 300 values.')).toBeTruthy();
    expect(updateButton().disabled).toBe(true);
    fireEvent.change(field(LIMIT), { target: { value: '301' } });
    expect(within(panel()).getByText('Between 7 and 300 values.')).toBeTruthy();
    fireEvent.change(field(LIMIT), { target: { value: '' } });
    expect(within(panel()).getByText('A number of values is required.')).toBeTruthy();

    fireEvent.change(field(LIMIT), { target: { value: '120' } });
    expect(within(panel()).queryByText(/values\.$/)).toBeNull();
    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue.mock.calls[0]?.[0].aggregation).toEqual({ type: 'NONE', limit: 120 });
  });

  it('shows an aggregation interval the period offers, without counting that as a change', async () => {
    const initial = saved({ selectedTab: 'HISTORY', history: { ...saved().history, historyType: 'FIXED', interval: 30_000 } });
    renderPicker({ initial, aggregation: true });
    await open(/^5\/14\/24/);
    expect(select('Grouping interval').value).toBe(String(10 * 60_000));
    expect(updateButton().disabled).toBe(true);
  });

  it('clamps a fixed period: the end to now, the start to 1 s before the end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const initial = saved({ selectedTab: 'HISTORY', history: { ...saved().history, historyType: 'FIXED' } });
    const onValue = renderPicker({ initial });
    await open(/^5\/14\/24, 12:00\s?PM\s?–\s?5\/15\/24, 12:00\s?PM$/);

    fireEvent.change(field('End'), { target: { value: '2024-05-16T08:00:00' } });
    expect(field('End').value).toMatch(/^2024-05-15T12:00(:00)?$/);
    fireEvent.change(field('Start'), { target: { value: '2024-05-15T13:00:00' } });
    expect(field('Start').value).toMatch(/^2024-05-15T11:59:59(\.000)?$/);
    expect(within(panel()).queryByText(/at least 1 second/)).toBeNull();

    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue.mock.calls[0]?.[0].history.fixedTimewindow).toEqual({ startTimeMs: NOW - 1000, endTimeMs: NOW });
  });

  it('reads fixed times on the wall clock of the selected zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const initial = saved({ selectedTab: 'HISTORY', timezone: 'Asia/Tokyo', history: { ...saved().history, historyType: 'FIXED' } });
    const onValue = renderPicker({ initial, timezone: true });
    await open(/5\/15\/24, 9:00\s?PM$/);
    expect(field('End').value).toMatch(/^2024-05-15T21:00(:00)?$/);

    fireEvent.change(field('Start'), { target: { value: '2024-05-15T09:00:00' } });
    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue.mock.calls[0]?.[0].history.fixedTimewindow.startTimeMs).toBe(Date.UTC(2024, 4, 15, 0));
  });

  it('in history-only mode shows the history tab alone, with all time where enabled', async () => {
    renderPicker({ historyOnly: true });
    await open('Last 1 hour');
    expect(within(panel()).queryByRole('button', { name: 'Realtime' })).toBeNull();
    expect(within(panel()).getByRole('radio', { name: 'Range' })).toBeTruthy();
    expect(within(panel()).queryByRole('radio', { name: 'For all time' })).toBeNull();
    cleanup();

    const onValue = renderPicker({ historyOnly: true, forAllTimeEnabled: true });
    await open('Last 1 hour');
    fireEvent.click(within(panel()).getByRole('radio', { name: 'For all time' }));
    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue.mock.calls[0]?.[0]).toMatchObject({ selectedTab: 'HISTORY', history: { historyType: 'FOR_ALL_TIME' } });
    expect(screen.getByRole('button', { name: 'For all time' })).toBeTruthy();
  });

  it('offers realtime only the current quick intervals, history all of them', async () => {
    renderPicker();
    await open('Realtime · last 1 hour');
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Relative' }));
    const realtimeChoices = [...select('Relative interval').options].map((option) => option.text);
    expect(realtimeChoices).toContain('Current week so far');
    expect(realtimeChoices).not.toContain('Yesterday');

    fireEvent.click(within(panel()).getByRole('button', { name: 'History' }));
    fireEvent.click(within(panel()).getByRole('radio', { name: 'Relative' }));
    expect([...select('Relative interval').options].map((option) => option.text)).toContain('Yesterday');
  });

  it('leaves hidden parts out for a user', async () => {
    renderPicker({ aggregation: true, timezone: true, initial: saved({ hideTimezone: true, hideAggInterval: true }) });
    await open('Realtime · last 1 hour');
    expect(within(panel()).queryByLabelText(TIMEZONE)).toBeNull();
    expect(within(panel()).queryByLabelText('Grouping interval')).toBeNull();
    expect(within(panel()).getByLabelText('Aggregation')).toBeTruthy();
    expect(within(panel()).queryByText('Hidden from users')).toBeNull();
    cleanup();

    renderPicker({ aggregation: true, initial: saved({ hideInterval: true }) });
    await open('Realtime · last 1 hour');
    expect(within(panel()).queryByRole('button', { name: 'Realtime' })).toBeNull();
    expect(within(panel()).queryByLabelText('Last interval')).toBeNull();
    expect(within(panel()).getByLabelText('Aggregation')).toBeTruthy();
  });

  it('is disabled for a user when the interval is hidden, and aggregation too where offered', () => {
    renderPicker({ initial: saved({ hideInterval: true }) });
    expect((screen.getByRole('button', { name: 'Realtime · last 1 hour' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPicker({ aggregation: true, initial: saved({ hideInterval: true, hideAggregation: true }) });
    expect((screen.getByRole('button', { name: 'Realtime · last 1 hour' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPicker({ isEdit: true, aggregation: true, initial: saved({ hideInterval: true, hideAggregation: true }) });
    expect((screen.getByRole('button', { name: 'Realtime · last 1 hour' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('while editing, hiding the last interval switches realtime to a relative interval', async () => {
    const onValue = renderPicker({ isEdit: true });
    await open('Realtime · last 1 hour');
    fireEvent.click(within(panel()).getByLabelText('Hide the realtime last interval'));
    expect((within(panel()).getByRole('radio', { name: 'Last' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel()).getByRole('radio', { name: 'Relative' }).getAttribute('aria-checked')).toBe('true');
    expect(select('Relative interval').value).toBe('CURRENT_DAY');

    fireEvent.click(updateButton());
    await waitUntilClosed();
    expect(onValue.mock.calls[0]?.[0]).toMatchObject({ hideLastInterval: true, realtime: { realtimeType: 'INTERVAL' } });
    expect(screen.getByRole('button', { name: 'Realtime · Current day' })).toBeTruthy();
  });

  it('while editing, hiding the period disables every period control', async () => {
    renderPicker({ isEdit: true });
    await open('Realtime · last 1 hour');
    fireEvent.click(within(panel()).getByLabelText('Hide the period'));
    expect(within(panel()).getByRole('button', { name: 'History' }).closest('fieldset')?.disabled).toBe(true);
    expect(select('Last interval').closest('fieldset')?.disabled).toBe(true);
  });

  it('requires a time zone', async () => {
    renderPicker({ timezone: true, initial: saved({ timezone: '' }) });
    await open('Realtime · last 1 hour');
    expect(within(panel()).getByText('A time zone is required.')).toBeTruthy();
    choose('Last interval', String(5 * 60_000));
    expect(updateButton().disabled).toBe(true);
    choose(TIMEZONE, 'Europe/Berlin');
    expect(within(panel()).queryByText('A time zone is required.')).toBeNull();
    expect(updateButton().disabled).toBe(false);
  });
});
