import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TimeseriesKey } from '../../../api/generated/model';
import { alignLines, type AlignedLines, breakGaps, PointBuffer } from './point-buffer';
import { inTaskSlices } from './task-slices';
import type { TimeRange } from './time-range';
import { queryMoment, takeSentAhead } from './timeseries-ahead';
import { batchedTimeseriesValues } from './timeseries-batch';
import { type ChartQuery, newerParams, pointsOf, rangeParams } from './timeseries-request';

export interface TimeseriesOptions {
  key: TimeseriesKey;
  /** One line per entity: `total` or a node id. */
  entityIds: readonly string[];
  /** The query at a moment; a new function starts over. Undefined: nothing is asked. */
  resolveQuery: ((now: number) => ChartQuery) | undefined;
  /** How often a realtime query asks for newer samples: the broker's sample interval. */
  pollMs: number;
}

export interface TimeseriesLines {
  /** Undefined until the first answer. */
  data: AlignedLines | undefined;
  /** The range of the last query. */
  range: TimeRange;
  /** The whole range is being fetched. */
  loading: boolean;
}

/** Where a line without points asks from: raw samples after `lastTs`, buckets from it. */
const emptyLineStart = (query: ChartQuery) => (query.agg === 'NONE' ? query.startTs - 1 : query.startTs);

const NOTHING: TimeseriesLines = { data: undefined, range: { startTs: 0, endTs: 1 }, loading: false };

/**
 * The points of one key, one line per entity, for a chart: the whole range when the query changes,
 * then, for a realtime query, every `pollMs` only the samples newer than the last point held; the
 * lines slide forward and drop what left the window. Each update is one render with new views of
 * the same typed arrays, never a render per point.
 */
/** Points further apart than this many buckets or sample intervals have a gap drawn between them. */
const GAP_FACTOR = 2.5;

/**
 * What a chart shows while a new query loads: the lines and range it showed, marked loading, so
 * that neither its plot nor its legend is drawn again until the answer is there (a page of 12
 * charts blanked and redrew every one of them on each Update, issue 29); nothing when those lines
 * were of other entities.
 */
function keptWhileLoading(shown: TimeseriesLines, lines: number): TimeseriesLines {
  return shown.data?.series.length === lines ? { ...shown, loading: true } : { ...NOTHING, range: shown.range, loading: true };
}

const wholeSecondNow = () => Math.floor(Date.now() / 1000) * 1000;

export function useTimeseries({ key, entityIds, resolveQuery, pollMs }: TimeseriesOptions): TimeseriesLines {
  // The lines and the query function they answer: lines of an earlier query are not shown.
  const [state, setState] = useState<{ lines: TimeseriesLines; owner: unknown }>({ lines: NOTHING, owner: undefined });
  const entitiesKey = entityIds.join('\n');

  useEffect(() => {
    if (!resolveQuery) return undefined;
    const controller = new AbortController();
    const ids = entitiesKey.split('\n');
    const setLines = (update: (previous: TimeseriesLines) => TimeseriesLines) =>
      setState((previous) => ({ lines: update(previous.owner === resolveQuery ? previous.lines : keptWhileLoading(previous.lines, ids.length)), owner: resolveQuery }));
    const buffers = ids.map(() => new PointBuffer());
    // The moment requests were sent ahead for, or now in whole seconds (timeseries-ahead.ts).
    let query = resolveQuery(queryMoment());
    let busy = false;

    const publish = (loading: boolean) => {
      const aligned = alignLines(buffers.map((buffer) => ({ times: buffer.timesView(), values: buffer.valuesView() })));
      // More than two buckets (or samples, or polls) without a point: nothing was measured there.
      // Points reduced to pixel columns may be up to a column apart; a gap wider than a column
      // still lies between two points kept (the last of one column, the first of a later one).
      const columnMs = query.agg === 'NONE' && query.pixelColumns !== undefined ? (query.endTs - query.startTs) / query.pixelColumns : 0;
      const maxGapMs = GAP_FACTOR * Math.max(query.interval, pollMs);
      // A plot drawing pixel columns breaks each line by maxGapMs itself; the markers serve the others.
      const data = { ...breakGaps(aligned, Math.max(maxGapMs, columnMs)), maxGapMs };
      // Rendered and committed now, in this task slice, for this chart alone: as a transition the
      // charts of a page answered together were committed together, one task of 100–170 ms (issue 29).
      flushSync(() => setLines(() => ({ data, range: { startTs: query.startTs, endTs: query.endTs }, loading })));
    };
    // Lines are aligned in task slices of their own (task-slices.ts): a page's charts are answered together.
    let cancelPublish = () => {};
    const publishSoon = (loading: boolean) => {
      cancelPublish();
      cancelPublish = inTaskSlices(() => publish(loading));
    };
    const fetchInto = (index: number, params: ReturnType<typeof rangeParams>, quiet: boolean) => {
      const entityId = ids[index] as string;
      const asked = (!quiet && takeSentAhead(entityId, params)) || batchedTimeseriesValues(entityId, params, quiet, controller.signal);
      return asked.then((answer) => {
        controller.signal.throwIfAborted();
        (buffers[index] as PointBuffer).replaceFrom(params.startTs, pointsOf(answer[key]));
      });
    };

    const loadRange = async () => {
      busy = true;
      // The range moves with the answer's lines: until then the chart shows what it showed.
      setLines((previous) => ({ ...previous, loading: true }));
      cancelPublish();
      for (const buffer of buffers) buffer.clear();
      try {
        await Promise.all(ids.map((_id, index) => fetchInto(index, rangeParams(key, query), false)));
        publishSoon(false);
      } catch {
        if (!controller.signal.aborted) setLines((previous) => ({ ...previous, loading: false }));
      } finally {
        busy = false;
      }
    };

    const loadNewer = async () => {
      if (busy || document.hidden) return;
      const next = resolveQuery(wholeSecondNow());
      if (next.agg !== query.agg || next.interval !== query.interval || next.limit !== query.limit) {
        query = next;
        await loadRange();
        return;
      }
      busy = true;
      try {
        await Promise.all(buffers.map((buffer, index) => fetchInto(index, newerParams(key, next, buffer.lastTs ?? emptyLineStart(next)), true)));
        query = next;
        for (const buffer of buffers) buffer.dropBefore(query.startTs);
        publishSoon(false);
      } catch {
        // A missed update is made good by the next one, which asks from the same last point.
      } finally {
        busy = false;
      }
    };

    void loadRange();
    const timer = query.realtime ? window.setInterval(() => void loadNewer(), pollMs) : undefined;
    return () => {
      controller.abort();
      cancelPublish();
      window.clearInterval(timer);
    };
  }, [key, entitiesKey, resolveQuery, pollMs]);

  if (!resolveQuery) return NOTHING;
  if (state.owner !== resolveQuery) return keptWhileLoading(state.lines, entityIds.length);
  return state.lines;
}
