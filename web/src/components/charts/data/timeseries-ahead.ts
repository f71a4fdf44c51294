// Requests a page sends before its charts render (issue 29): a page of 12 charts rendered its new
// time window for 160–280 ms before the charts' effects asked anything. The page sends each
// chart's requests from the click that chose the window; a chart then takes its answer instead of
// asking again, as long as it asks the same thing (same moment, same pixels) soon after.
import type { GetTimeseriesValuesParams, GetTimeseriesValues200 } from '../../../api/generated/model';
import { batchedTimeseriesValues } from './timeseries-batch';

/** A request sent ahead and not taken within this is forgotten (its chart asked something else, or is gone). */
const KEPT_MS = 10_000;
/** Charts render their new window within this after the click, however busy the page (then they ask anew). */
const MOMENT_MS = 3_000;

const sent = new Map<string, { answer: Promise<GetTimeseriesValues200>; sentAt: number }>();
let moment: { now: number; sentAt: number } | undefined;

const idOf = (entityId: string, params: GetTimeseriesValuesParams) => JSON.stringify([entityId, params]);
const wholeSecondNow = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * The moment a chart's new query is resolved at: the one requests were just sent ahead for, or
 * now in whole seconds (the charts of a page opened together ask the same range, which goes to the
 * broker as one request per node: timeseries-batch.ts).
 */
export function queryMoment(): number {
  return moment && performance.now() - moment.sentAt < MOMENT_MS ? moment.now : wholeSecondNow();
}

/** Sends the requests charts will ask at a moment (joined per node as a chart's own would be), now. */
export function sendAhead(requestsAt: (now: number) => readonly { entityId: string; params: GetTimeseriesValuesParams }[]): void {
  const now = wholeSecondNow();
  const requests = requestsAt(now);
  const sentAt = performance.now();
  moment = { now, sentAt };
  for (const [id, entry] of sent) if (sentAt - entry.sentAt >= KEPT_MS) sent.delete(id);
  const signal = new AbortController().signal;
  for (const { entityId, params } of requests) {
    const answer = batchedTimeseriesValues(entityId, params, false, signal);
    // Its chart sees the failure, if it takes it.
    answer.catch(() => undefined);
    sent.set(idOf(entityId, params), { answer, sentAt });
  }
  // From this task: the page renders its charts next.
  batchedTimeseriesValues.flush();
}

/** The answer of a request sent ahead with exactly these parameters, once; undefined if none was. */
export function takeSentAhead(entityId: string, params: GetTimeseriesValuesParams): Promise<GetTimeseriesValues200> | undefined {
  const id = idOf(entityId, params);
  const entry = sent.get(id);
  if (!entry) return undefined;
  sent.delete(id);
  return performance.now() - entry.sentAt < KEPT_MS ? entry.answer : undefined;
}
