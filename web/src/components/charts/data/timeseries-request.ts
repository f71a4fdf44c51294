// How a chart asks the broker for its points (openapi.yaml, getTimeseriesValues): the whole range
// once, then in realtime only what is newer than the last point it holds.
import type { GetTimeseriesValuesParams, TimeseriesAggregation, TimeseriesColumns, TimeseriesKey, TimeseriesPoint } from '../../../api/generated/model';
import type { Points } from './point-buffer';
import type { TimeRange } from './time-range';

/** A resolved time window: what one query of a chart asks (the time-window widget's resolveTimewindow answers this shape). */
export interface ChartQuery extends TimeRange {
  /** Bucket length in ms; unused with NONE. */
  interval: number;
  agg: TimeseriesAggregation;
  /** Points per line at most. */
  limit: number;
  /** The range follows now. */
  realtime: boolean;
  /** With NONE: ask for the points a chart this many pixel columns wide shows (the broker's timeseriesPixelColumns), not every sample. */
  pixelColumns?: number;
  /** With pixelColumns: the plot area's left edge in device pixels, so the columns are the pixels uPlot draws (the broker's pixelLeft). */
  pixelLeft?: number;
  /** Ask for the compact answer (the broker's timeseriesColumns: format=columns). */
  columns?: boolean;
}

/** The broker's smallest bucket (openapi.yaml: interval at least 1000). */
export const MIN_QUERY_INTERVAL_MS = 1000;

/** Chart widths are asked in steps of this many pixels: charts of one width share their requests, and a resize by a few pixels asks nothing anew. */
const PIXEL_COLUMN_STEP = 50;
/** The contract's most (openapi.yaml, pixelColumns). */
const MAX_PIXEL_COLUMNS = 10_000;

/** Where uPlot draws a plot's lines, in device pixels (its bbox): a time lands on pixel round(left + width × its fraction of the x range). */
export interface PlotBox {
  left: number;
  width: number;
}

/**
 * The columns to ask for a plot uPlot has laid out: exactly its pixels, so each column holds what
 * uPlot draws in one pixel and the reduced line draws as the full one. uPlot rounds its box to
 * half pixels; a box a half pixel wide (a fractional devicePixelRatio) has no whole number of
 * columns: undefined, and the plot is asked as pixelColumnsFor does.
 */
export function plotPixelsFor(box: PlotBox): { pixelColumns: number; pixelLeft: number } | undefined {
  if (!Number.isInteger(box.width) || box.width < 1 || box.width > MAX_PIXEL_COLUMNS) return undefined;
  return { pixelColumns: box.width, pixelLeft: box.left };
}

/**
 * The pixel columns to ask for a plot `cssWidth` pixels wide: its device pixels, rounded up to the
 * next step, so that a column asked is never wider than a pixel drawn.
 */
export function pixelColumnsFor(cssWidth: number, devicePixelRatio: number): number {
  const devicePixels = Math.max(1, cssWidth * Math.max(1, devicePixelRatio));
  return Math.min(MAX_PIXEL_COLUMNS, Math.ceil(devicePixels / PIXEL_COLUMN_STEP) * PIXEL_COLUMN_STEP);
}

/** The query of the whole range. Raw samples (NONE) come newest first, so that a limit keeps the newest. */
export function rangeParams(key: TimeseriesKey, query: ChartQuery): GetTimeseriesValuesParams {
  const { startTs, endTs, agg, limit } = query;
  if (agg === 'NONE') return { keys: key, startTs, endTs, agg, limit, orderBy: 'DESC', ...pixelsOf(query), ...formatOf(query) };
  return { keys: key, startTs, endTs, agg, interval: query.interval, limit, ...formatOf(query) };
}

const formatOf = ({ columns }: ChartQuery): Pick<GetTimeseriesValuesParams, 'format'> => (columns ? { format: 'columns' } : {});

/**
 * The query of what is newer than `lastTs`, the newest point held. An aggregation bucket is asked
 * again from its start, as samples may have joined it since; buckets stay on the grid of the
 * first query because each starts a whole number of intervals after it.
 */
export function newerParams(key: TimeseriesKey, query: ChartQuery, lastTs: number): GetTimeseriesValuesParams {
  const endTs = Math.max(query.endTs, lastTs + 1);
  if (query.agg === 'NONE') return { keys: key, startTs: lastTs + 1, endTs: Math.max(endTs, lastTs + 2), agg: 'NONE', limit: query.limit, ...formatOf(query) };
  const buckets = Math.ceil((endTs - lastTs) / query.interval);
  return { keys: key, startTs: lastTs, endTs, agg: query.agg, interval: query.interval, limit: Math.max(1, buckets), ...formatOf(query) };
}

/** One key of an answer: TimeseriesData's list of points, or TimeseriesColumns' arrays (times as differences). */
export type KeyPoints = readonly TimeseriesPoint[] | TimeseriesColumns[string] | undefined;

/**
 * An answer's points, oldest first, straight into typed arrays; values a production broker sends
 * as strings become numbers. Either shape comes oldest or newest first.
 */
export function pointsOf(points: KeyPoints): Points {
  let times: Float64Array;
  let values: Float64Array;
  if (points === undefined || isList(points)) {
    const list = points ?? [];
    times = new Float64Array(list.length);
    values = new Float64Array(list.length);
    list.forEach((point, index) => {
      times[index] = point.ts;
      values[index] = Number(point.value);
    });
  } else {
    times = new Float64Array(points.ts.length);
    values = new Float64Array(times.length);
    let ts = 0;
    for (let index = 0; index < times.length; index += 1) {
      times[index] = ts += points.ts[index] as number;
      values[index] = Number(points.value[index]);
    }
  }
  const count = times.length;
  if (count > 1 && (times[0] as number) > (times[count - 1] as number)) {
    times.reverse();
    values.reverse();
  }
  return { times, values };
}

const isList = (points: NonNullable<KeyPoints>): points is readonly TimeseriesPoint[] => Array.isArray(points);

/**
 * The query of a range zoomed into: the same aggregation over the zoomed range, in buckets as much
 * finer as the range is narrower, so the chart keeps about as many points (at least 1 s buckets).
 */
export function zoomedQuery(query: ChartQuery, zoom: TimeRange): ChartQuery {
  const span = Math.max(1, query.endTs - query.startTs);
  const zoomSpan = Math.max(1, zoom.endTs - zoom.startTs);
  const interval = Math.max(MIN_QUERY_INTERVAL_MS, Math.floor((query.interval * zoomSpan) / span));
  const limit = query.agg === 'NONE' ? query.limit : Math.max(1, Math.ceil(zoomSpan / interval));
  const zoomed: ChartQuery = { startTs: zoom.startTs, endTs: zoom.endTs, interval, agg: query.agg, limit, realtime: false, ...(query.columns && { columns: true }) };
  return { ...zoomed, ...pixelsOf(query) };
}

/** A query's pixel columns and their left edge, those it has. */
function pixelsOf({ pixelColumns, pixelLeft }: ChartQuery): Pick<ChartQuery, 'pixelColumns' | 'pixelLeft'> {
  if (pixelColumns === undefined) return {};
  return pixelLeft === undefined ? { pixelColumns } : { pixelColumns, pixelLeft };
}
