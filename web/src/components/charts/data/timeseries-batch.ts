import { getTimeseriesValues } from '../../../api/generated/endpoints/monitoring/monitoring';
import type { GetTimeseriesValuesParams, GetTimeseriesValues200 } from '../../../api/generated/model';

export type FetchTimeseriesValues = (entityId: string, params: GetTimeseriesValuesParams, quiet: boolean, signal: AbortSignal) => Promise<GetTimeseriesValues200>;

interface Waiter {
  resolve(answer: GetTimeseriesValues200): void;
  reject(reason: unknown): void;
  signal: AbortSignal;
}

interface Batch {
  entityId: string;
  params: Omit<GetTimeseriesValuesParams, 'keys'>;
  quiet: boolean;
  keys: Set<string>;
  waiters: Waiter[];
}

/**
 * Points one joined request may answer at most (keys × points a key): aggregated windows join all
 * their keys, and so do raw weeks reduced to pixel columns, while raw weeks of every sample (60,480
 * points a key) go one key a request, so that no answer of tens of megabytes holds the page's only
 * thread while it is parsed.
 */
export const MAX_POINTS_PER_REQUEST = 100_000;

/**
 * Points a key of a request may answer: its limit, or, reduced to pixel columns, four a column
 * (first, last, smallest, largest) over the columns and one more, which a plot edge between two
 * pixels adds (openapi.yaml, pixelLeft).
 */
export function pointsPerKey({ limit = 100, agg, pixelColumns }: Omit<GetTimeseriesValuesParams, 'keys'>): number {
  return agg === 'NONE' && pixelColumns !== undefined ? Math.min(limit, 4 * (pixelColumns + 1)) : limit;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('Aborted', 'AbortError');

/**
 * Joins the time-series queries asked within one task for the same entity, range, aggregation and
 * limit into one request with their keys comma-joined (the contract's `keys`; `limit` is per key),
 * so a page of charts asks each node once rather than once per chart. Every caller gets the answer
 * and reads its own key; a caller that gave up is answered with its abort, and the request itself
 * is aborted only when every caller gave up.
 */
export function timeseriesBatcher(fetchValues: FetchTimeseriesValues): FetchTimeseriesValues & { flush(): void } {
  const open = new Map<string, Batch>();
  // Every batch started in a task is sent in one later task (or at once by flush()): one timer
  // each let other tasks (a page rendering its charts) run between the requests of one Update.
  let pending: { id: string; batch: Batch }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (id: string, batch: Batch) => {
    if (open.get(id) === batch) open.delete(id);
    if (batch.waiters.every((waiter) => waiter.signal.aborted)) {
      for (const waiter of batch.waiters) waiter.reject(abortReason(waiter.signal));
      return;
    }
    const controller = new AbortController();
    const abandon = () => {
      if (batch.waiters.every((waiter) => waiter.signal.aborted)) controller.abort();
    };
    for (const waiter of batch.waiters) waiter.signal.addEventListener('abort', abandon, { once: true });
    const keys = [...batch.keys].join(',');
    fetchValues(batch.entityId, { ...batch.params, keys }, batch.quiet, controller.signal).then(
      (answer) => {
        for (const waiter of batch.waiters) {
          if (waiter.signal.aborted) waiter.reject(abortReason(waiter.signal));
          else waiter.resolve(answer);
        }
      },
      (error: unknown) => {
        for (const waiter of batch.waiters) waiter.reject(waiter.signal.aborted ? abortReason(waiter.signal) : error);
      },
    );
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batches = pending;
    pending = [];
    for (const { id, batch } of batches) send(id, batch);
  };

  const batched: FetchTimeseriesValues = (entityId, { keys, ...params }, quiet, signal) => {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    const id = JSON.stringify([entityId, params, quiet]);
    const asked = keys.split(',');
    let batch = open.get(id);
    const room = (batch: Batch) => new Set([...batch.keys, ...asked]).size * pointsPerKey(params) <= MAX_POINTS_PER_REQUEST;
    if (!batch || (batch.keys.size > 0 && !room(batch))) {
      const started: Batch = { entityId, params, quiet, keys: new Set(), waiters: [] };
      open.set(id, started);
      pending.push({ id, batch: started });
      timer ??= setTimeout(flush, 0);
      batch = started;
    }
    for (const key of asked) batch.keys.add(key);
    const joined = batch;
    return new Promise<GetTimeseriesValues200>((resolve, reject) => joined.waiters.push({ resolve, reject, signal }));
  };
  /** Sends the batches started so far now, not in a later task. */
  return Object.assign(batched, { flush });
}

/**
 * The console's batcher over the generated client: quiet queries (realtime polls) show no loading
 * bar and no error toast. A node answers 429 when its line of queries is full (openapi.yaml): the
 * query is asked again shortly, as the spec has the console do for 429.
 */
export const batchedTimeseriesValues = timeseriesBatcher((entityId, params, quiet, signal) =>
  getTimeseriesValues(entityId, params, { ignoreLoading: quiet, ignoreErrors: quiet, resendRequest: true }, signal),
);
