import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTimewindow, type Timewindow } from '../../components/time-window/model/timewindow';
import { ALL_EXTENSIONS, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { PLOT_BOX_SETTLE_MS } from '../../components/charts/drawing/use-plot-box';
import { sendAhead } from '../../components/charts/data/timeseries-ahead';
import { type ChartsAhead, MonitoringChart, requestsAhead } from './monitoring-chart';

/** Where the plot stand-in says it draws, in device pixels (uPlot's bbox). */
const box = vi.hoisted(() => ({ left: 60.5, width: 627 }));
/** The lines the plot stand-in was last given. */
const drawn = vi.hoisted(() => ({ data: undefined as unknown }));

// uPlot draws on a canvas, which jsdom has not (e2e/tests/monitoring.spec.ts sees the charts drawn):
// a stand-in that reports its box as the plot does once drawn, again after every draw.
vi.mock('../../components/charts/drawing/time-series-plot', async () => {
  const { useEffect } = await import('react');
  return {
    default: function PlotStandIn({ data, onPlotBox }: { data: unknown; onPlotBox?: (reported: { left: number; width: number }) => void }) {
      useEffect(() => onPlotBox?.({ ...box }), [data, onPlotBox]);
      drawn.data = data;
      return null;
    },
  };
});

const NOW = Date.UTC(2026, 10, 27, 12);
const averaged = defaultTimewindow(NOW, { maxDatapoints: 100_000, timezone: 'UTC' });
const raw: Timewindow = { ...averaged, aggregation: { ...averaged.aggregation, type: 'NONE', limit: 100_000 } };
const LINES = { entityIds: ['total', 'node-a'], labels: ['Total', 'node-a'] };

/** The plot area jsdom lays out as 712 pixels wide. */
const PLOT_WIDTH = 712;

class QuietResizeObserver {
  observe(): void {}
  disconnect(): void {}
}

function showChart(timewindow: Timewindow, extensions: readonly string[]): RecordedCall[] {
  const calls = stubBrokerCalls(({ url }) => {
    if (url.pathname === '/api/starling/extensions') return Response.json({ extensions });
    if (url.pathname.endsWith('/values')) return Response.json({ incomingMsgs: [{ ts: NOW - 1000, value: 1 }] });
    return undefined;
  });
  renderPage(<MonitoringChart metric="incomingMsgs" lines={LINES} pageTimewindow={timewindow} maxDatapoints={100_000} pollMs={10_000} />);
  return calls;
}

const valuesCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname.endsWith('/values')).map((call) => call.url.searchParams);

describe('a monitoring chart asks at its width', () => {
  setUpSignedInPageTests();
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', QuietResizeObserver);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('time-series-chart__plot') ? PLOT_WIDTH : 0;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  afterEach(() => Object.assign(box, { left: 60.5, width: 627 }));

  it('asks for raw samples reduced to exactly the pixels its plot draws in, once per line, however often the plot reports its box', async () => {
    const calls = showChart(raw, ALL_EXTENSIONS);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    for (const params of valuesCalls(calls)) {
      expect(params.get('agg')).toBe('NONE');
      expect(params.get('pixelColumns')).toBe('627');
      expect(params.get('pixelLeft')).toBe('60.5');
    }
    // The answer drawn, the box reported again (the same): nothing is asked anew.
    await new Promise((resolve) => setTimeout(resolve, PLOT_BOX_SETTLE_MS + 100));
    expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length);
  });

  it('asks a plot whose box is no whole number of pixels (a fractional devicePixelRatio) at its width, rounded up to a step of 50', async () => {
    Object.assign(box, { left: 66, width: 626.5 });
    const calls = showChart(raw, ALL_EXTENSIONS);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    for (const params of valuesCalls(calls)) {
      expect(params.get('pixelColumns')).toBe('750');
      expect(params.has('pixelLeft')).toBe(false);
    }
  });

  it('asks aggregated views for their buckets, without a width', async () => {
    const calls = showChart(averaged, ALL_EXTENSIONS);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    for (const params of valuesCalls(calls)) {
      expect(params.get('agg')).toBe('AVG');
      expect(params.has('pixelColumns')).toBe(false);
    }
  });

  it('asks a broker without timeseriesPixelColumns for every sample', async () => {
    const calls = showChart(raw, []);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    for (const params of valuesCalls(calls)) expect(params.has('pixelColumns')).toBe(false);
  });

  it('takes the answers the page asked ahead from the click, rather than asking again once it renders the new window', async () => {
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return Response.json({ extensions: ALL_EXTENSIONS });
      if (url.pathname.endsWith('/values')) return Response.json({ incomingMsgs: [{ ts: NOW - 1000, value: 1 }] });
      return undefined;
    });
    // The page's click in two steps: its requests are sent, and only later is the new window rendered.
    const ahead: ChartsAhead = new Map();
    let show: (next: Timewindow) => void = () => {};
    function Page() {
      const [timewindow, setTimewindow] = useState(averaged);
      show = setTimewindow;
      return <MonitoringChart metric="incomingMsgs" lines={LINES} pageTimewindow={timewindow} maxDatapoints={100_000} pollMs={10_000} ahead={ahead} />;
    }
    renderPage(<Page />);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    await waitFor(() => expect(document.querySelector('[aria-busy="false"]')).not.toBeNull());
    // The chart knows its plot's box and the broker's extensions: it can tell what it will ask.
    await waitFor(() => expect(requestsAhead(ahead, LINES.entityIds, raw)(NOW)[0]?.params.pixelColumns).toBe(627));
    sendAhead(requestsAhead(ahead, LINES.entityIds, raw));
    // Sent before the chart rendered the raw window, on the pixels its plot draws in.
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(2 * LINES.entityIds.length));
    act(() => show(raw));
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(2 * LINES.entityIds.length));
    for (const params of valuesCalls(calls).slice(LINES.entityIds.length)) {
      expect(params.get('agg')).toBe('NONE');
      expect(params.get('pixelColumns')).toBe('627');
    }
    await waitFor(() => expect(document.querySelector('[aria-busy="false"]')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(valuesCalls(calls)).toHaveLength(2 * LINES.entityIds.length);
  });
});

/** Points of two lines at times of their own (as reduced to pixel columns), newest first, and the same as TimeseriesColumns. */
const LINE_POINTS: Record<string, { ts: number; value: number | string }[]> = {
  total: [
    { ts: NOW - 1000, value: 7.25 },
    { ts: NOW - 31_000, value: '3' },
    { ts: NOW - 52_000, value: 0.1 },
  ],
  'node-a': [
    { ts: NOW - 1000, value: 2 },
    { ts: NOW - 41_000, value: 1e21 },
  ],
};
const compactOf = (points: { ts: number; value: number | string }[]) => ({
  ts: points.map((point, index) => point.ts - (index === 0 ? 0 : (points[index - 1]?.ts ?? 0))),
  value: points.map((point) => point.value),
});

describe('a monitoring chart and the compact answer (timeseriesColumns)', () => {
  setUpSignedInPageTests();
  beforeEach(() => vi.stubGlobal('ResizeObserver', QuietResizeObserver));
  afterEach(() => vi.restoreAllMocks());

  /** The chart on a raw window, answered as the broker answers the format asked; the lines drawn and the requests made. */
  async function drawnFrom(extensions: readonly string[]) {
    drawn.data = undefined;
    const calls = stubBrokerCalls(({ url }) => {
      if (url.pathname === '/api/starling/extensions') return Response.json({ extensions });
      const entityId = decodeURIComponent(url.pathname.split('/')[3] ?? '');
      const points = LINE_POINTS[entityId] ?? [];
      if (url.pathname.endsWith('/values')) return Response.json({ incomingMsgs: url.searchParams.get('format') === 'columns' ? compactOf(points) : points });
      return undefined;
    });
    renderPage(<MonitoringChart metric="incomingMsgs" lines={LINES} pageTimewindow={raw} maxDatapoints={100_000} pollMs={10_000} />);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    await waitFor(() => expect(document.querySelector('[aria-busy="false"]')).not.toBeNull());
    return { data: drawn.data, formats: valuesCalls(calls).map((params) => params.get('format')) };
  }

  it('asks raw views in the compact shape only when the broker lists it, and draws the same lines from it as from the plain answer', async () => {
    const plain = await drawnFrom(ALL_EXTENSIONS.filter((name) => name !== 'timeseriesColumns'));
    expect(plain.formats).toEqual([null, null]);
    // Both lines drawn, every point on one time axis (with the gaps' breaks between them).
    const { times, series } = plain.data as { times: Float64Array; series: unknown[][] };
    expect(series).toHaveLength(2);
    expect([NOW - 52_000, NOW - 41_000, NOW - 31_000, NOW - 1000].every((ts) => times.includes(ts))).toBe(true);
    const compact = await drawnFrom(ALL_EXTENSIONS);
    expect(compact.formats).toEqual(['columns', 'columns']);
    expect(compact.data).toEqual(plain.data);
  });

  it('asks aggregated views in the plain shape', async () => {
    const calls = showChart(averaged, ALL_EXTENSIONS);
    await waitFor(() => expect(valuesCalls(calls)).toHaveLength(LINES.entityIds.length));
    for (const params of valuesCalls(calls)) expect(params.has('format')).toBe(false);
  });
});
