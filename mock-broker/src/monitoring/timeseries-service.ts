import { ApiError } from '../http/api-error.js';
import { QueryGate } from './query-gate.js';
import { asColumns, slicedAggregates, slicedSamples } from './storage/sliced-points.js';
import type { PointsText, TimeseriesRepository } from './storage/timeseries-repository.js';
import type { Aggregation, SortOrder } from './storage/timeseries-sql.js';
import { TIMESERIES_KEYS, type TimeseriesKey } from './timeseries-keys.js';

/** GET /api/timeseries/{entityId}/values, as the contract validated it. */
export interface ValuesParameters {
  entityId: string;
  keys: string;
  startTs: number;
  endTs: number;
  interval?: number;
  agg?: Aggregation | 'NONE';
  limit?: number;
  orderBy?: SortOrder;
  /** With NONE: the samples reduced to what this many pixel columns show (Starling's timeseriesPixelColumns). */
  pixelColumns?: number;
  /** With pixelColumns: the plot area's left edge in device pixels, for columns that are the chart's pixels. */
  pixelLeft?: number;
  /** `columns`: answered as TimeseriesColumns (Starling's timeseriesColumns). */
  format?: 'columns';
}

/** GET /api/timeseries/latest, as the contract validated it. */
export interface LatestParameters {
  entityId: string;
  /** Left out: every key the entity has samples of. */
  keys?: string;
  /** false: values as strings, as the production broker answers then. */
  useStrictDataTypes?: boolean;
}

/** The contract's default `limit`. */
const DEFAULT_LIMIT = 100;
/** The shortest bucket (the contract's `interval`). */
const MIN_INTERVAL_MS = 1000;

const KNOWN_KEYS: ReadonlySet<string> = new Set(TIMESERIES_KEYS);
/** A key as the production broker family names them (camelCase words): letters, digits, `_`, `.`, `-`; 64 at most. */
const WELL_FORMED_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** The comma-joined key names of a request, each once, in the order asked; a malformed one is refused naming `keys`. */
function keyNamesOf(text: string): string[] {
  const keys = [...new Set(text.split(',').map((key) => key.trim()))];
  const malformed = keys.filter((key) => !WELL_FORMED_KEY.test(key));
  if (malformed.length > 0) {
    throw ApiError.badRequest(`Invalid request: keys holds ${malformed.map((key) => JSON.stringify(key.slice(0, 64))).join(', ')}, which is not a time-series key name (a letter, then letters, digits, _ . or -; 64 characters at most)`);
  }
  return keys;
}

/**
 * The keys of a request that this broker keeps series of, in the order asked. A well-formed key it
 * has no series of is left out, so that it is answered with nothing, as the production broker
 * answers a key it has no series of.
 */
export function keysOf(text: string): TimeseriesKey[] {
  return keyNamesOf(text).filter((key): key is TimeseriesKey => KNOWN_KEYS.has(key));
}

/** What the production broker keeps of a node beside its samples, answered by latest as points at the node's newest sample. */
const CAPACITY_KEYS = ['cpuCount', 'totalMemory', 'totalDiskSpace'] as const;
type CapacityKey = (typeof CAPACITY_KEYS)[number];
const isCapacityKey = (key: string): key is CapacityKey => (CAPACITY_KEYS as readonly string[]).includes(key);

/** Points per key as one JSON object text; the keys are well-formed key names, which need no escaping. */
function objectText(points: PointsText): string {
  return `{${Object.entries(points).map(([key, text]) => `"${key}":${text}`).join(',')}}`;
}

/**
 * Range queries that run at once on a node (each in slices, sliced-points.ts), and that wait in
 * line; more answer 429. The line holds what a console page of charts asks at once (a raw week is
 * one key a request: eight charts of a few nodes).
 */
export const QUERIES_RUNNING = 2;
export const QUERIES_WAITING = 64;

/** The time-series queries (openapi.yaml, getTimeseriesValues and getTimeseriesLatest), bounded by maxDatapoints per key. */
export class TimeseriesService {
  readonly #gate = new QueryGate(QUERIES_RUNNING, QUERIES_WAITING);

  constructor(
    private readonly repository: TimeseriesRepository,
    private readonly maxDatapoints: number,
  ) {}

  /** The answer as JSON text (TimeseriesData, or TimeseriesColumns with format=columns); checked at once, then run in its turn unless `signal` aborts first. */
  async values(parameters: ValuesParameters, signal?: AbortSignal): Promise<string> {
    const keys = keysOf(parameters.keys);
    const { entityId, startTs, endTs, agg = 'NONE', limit = DEFAULT_LIMIT, orderBy: order = 'DESC' } = parameters;
    if (endTs <= startTs) throw ApiError.badRequest('Invalid request: endTs must be after startTs');
    if (limit > this.maxDatapoints) throw ApiError.badRequest(`Invalid request: limit must be at most ${this.maxDatapoints} (/api/dashboard/maxDatapointsLimit)`);
    const range = { entityId, keys, startTs, endTs, limit, order, signal };
    const columns = parameters.format === 'columns';
    if (agg === 'NONE') return keys.length === 0 ? '{}' : objectText(await this.#gate.run(() => slicedSamples(this.repository, range, parameters.pixelColumns, parameters.pixelLeft, columns), signal));
    const { interval } = parameters;
    if (interval === undefined || interval < MIN_INTERVAL_MS) throw ApiError.badRequest(`Invalid request: interval must be at least ${MIN_INTERVAL_MS} ms with agg ${agg}`);
    const buckets = Math.ceil((endTs - startTs) / interval);
    if (buckets > this.maxDatapoints) {
      throw ApiError.badRequest(`Invalid request: interval cuts the range into ${buckets} buckets, more than ${this.maxDatapoints} (/api/dashboard/maxDatapointsLimit)`);
    }
    if (keys.length === 0) return '{}';
    const answer = await this.#gate.run(() => slicedAggregates(this.repository, range, interval, agg), signal);
    return objectText(columns ? asColumns(answer) : answer);
  }

  /** The answer as JSON text (TimeseriesData). */
  latest({ entityId, keys, useStrictDataTypes = true }: LatestParameters): string {
    const names = keys === undefined ? [...TIMESERIES_KEYS, ...CAPACITY_KEYS] : keyNamesOf(keys);
    const seriesKeys = names.filter((key): key is TimeseriesKey => KNOWN_KEYS.has(key));
    const series: PointsText = seriesKeys.length === 0 ? {} : this.repository.latestPoints(entityId, seriesKeys);
    const capacity: Partial<Record<CapacityKey, string>> = names.some(isCapacityKey) ? this.#capacityPoints(entityId) : {};
    const points: PointsText = {};
    for (const name of names) {
      const text = series[name] ?? capacity[name as CapacityKey];
      if (text !== undefined) points[name] = text;
    }
    // Every key: only those with a sample, as the production broker answers.
    const kept = keys === undefined ? Object.fromEntries(Object.entries(points).filter(([, text]) => text !== '[]')) : points;
    if (useStrictDataTypes) return objectText(kept);
    return objectText(Object.fromEntries(Object.entries(kept).map(([key, text]) => [key, JSON.stringify((JSON.parse(text) as { ts: number; value: number }[]).map(({ ts, value }) => ({ ts, value: String(value) })))])));
  }

  /** A node's cores, memory and disk space as points at its newest sample; empty lists for another entity. */
  #capacityPoints(entityId: string): Record<CapacityKey, string> {
    const node = this.repository.nodes().find((candidate) => candidate.nodeId === entityId);
    const point = (value: number | undefined) => (node === undefined || value === undefined ? '[]' : JSON.stringify([{ ts: node.lastSampleTs, value }]));
    return { cpuCount: point(node?.cpuCount), totalMemory: point(node?.totalMemory), totalDiskSpace: point(node?.totalDiskSpace) };
  }
}
