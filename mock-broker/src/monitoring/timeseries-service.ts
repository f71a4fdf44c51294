import { ApiError } from '../http/api-error.js';
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

/** The comma-joined keys of a request, each once, in the order asked; an unknown one is refused naming `keys`. */
export function keysOf(text: string): TimeseriesKey[] {
  const keys = [...new Set(text.split(',').map((key) => key.trim()))];
  const unknown = keys.filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) {
    throw ApiError.badRequest(`Invalid request: keys holds ${unknown.map((key) => JSON.stringify(key.slice(0, 64))).join(', ')}, which is not a time-series key (${TIMESERIES_KEYS.join(', ')})`);
  }
  return keys as TimeseriesKey[];
}

/** Points per key as one JSON object text; the keys are TIMESERIES_KEYS, which need no escaping. */
function objectText(points: PointsText): string {
  return `{${Object.entries(points).map(([key, text]) => `"${key}":${text}`).join(',')}}`;
}

/** The time-series queries (openapi.yaml, getTimeseriesValues and getTimeseriesLatest), bounded by maxDatapoints per key. */
export class TimeseriesService {
  constructor(
    private readonly repository: TimeseriesRepository,
    private readonly maxDatapoints: number,
  ) {}

  /** The answer as JSON text (TimeseriesData). */
  values(parameters: ValuesParameters): string {
    const keys = keysOf(parameters.keys);
    const { entityId, startTs, endTs, agg = 'NONE', limit = DEFAULT_LIMIT, orderBy: order = 'DESC' } = parameters;
    if (endTs <= startTs) throw ApiError.badRequest('Invalid request: endTs must be after startTs');
    if (limit > this.maxDatapoints) throw ApiError.badRequest(`Invalid request: limit must be at most ${this.maxDatapoints} (/api/dashboard/maxDatapointsLimit)`);
    const range = { entityId, keys, startTs, endTs, limit, order };
    if (agg === 'NONE') return objectText(this.repository.rawPoints(range));
    const { interval } = parameters;
    if (interval === undefined || interval < MIN_INTERVAL_MS) throw ApiError.badRequest(`Invalid request: interval must be at least ${MIN_INTERVAL_MS} ms with agg ${agg}`);
    const buckets = Math.ceil((endTs - startTs) / interval);
    if (buckets > this.maxDatapoints) {
      throw ApiError.badRequest(`Invalid request: interval cuts the range into ${buckets} buckets, more than ${this.maxDatapoints} (/api/dashboard/maxDatapointsLimit)`);
    }
    return objectText(this.repository.aggregatedPoints({ ...range, interval, aggregation: agg }));
  }

  /** The answer as JSON text (TimeseriesData). */
  latest({ entityId, keys, useStrictDataTypes = true }: LatestParameters): string {
    const points = this.repository.latestPoints(entityId, keys === undefined ? [...TIMESERIES_KEYS] : keysOf(keys));
    // Every key: only those with a sample, as the production broker answers.
    const kept = keys === undefined ? Object.fromEntries(Object.entries(points).filter(([, text]) => text !== '[]')) : points;
    if (useStrictDataTypes) return objectText(kept);
    return objectText(Object.fromEntries(Object.entries(kept).map(([key, text]) => [key, JSON.stringify((JSON.parse(text) as { ts: number; value: number }[]).map(({ ts, value }) => ({ ts, value: String(value) })))])));
  }
}
