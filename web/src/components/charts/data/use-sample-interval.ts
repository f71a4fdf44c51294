import { useState } from 'react';
import { getGetTimeseriesValuesQueryKey, useGetTimeseriesValues } from '../../../api/generated/endpoints/monitoring/monitoring';

/** The broker's default sample interval (openapi.yaml, STARLING_SAMPLE_INTERVAL_SECONDS). */
export const DEFAULT_SAMPLE_INTERVAL_MS = 10_000;
const LOOK_BACK_MS = 3_600_000;

/** The gap between the two newest samples, the default when there are not two; at least 1 s. */
export function sampleIntervalOf(newestFirst: readonly { ts: number }[] | undefined): number {
  const [newest, previous] = newestFirst ?? [];
  if (!newest || !previous) return DEFAULT_SAMPLE_INTERVAL_MS;
  return Math.max(1000, newest.ts - previous.ts);
}

/**
 * How often the broker samples, read from the gap between its two newest samples of the last hour:
 * realtime charts ask for newer samples that often. The contract does not state the interval.
 */
export function useSampleInterval(): number {
  return useSampleIntervalState().intervalMs;
}

/** The same, and whether the broker has answered (or failed): charts wait for it rather than restart their polling. */
export function useSampleIntervalState(): { intervalMs: number; settled: boolean } {
  const [params] = useState(() => {
    const now = Date.now();
    return { keys: 'incomingMsgs', startTs: now - LOOK_BACK_MS, endTs: now + 1, agg: 'NONE', limit: 2, orderBy: 'DESC' } as const;
  });
  const newest = useGetTimeseriesValues('total', params, {
    query: { queryKey: getGetTimeseriesValuesQueryKey('total', params), staleTime: Number.POSITIVE_INFINITY },
    request: { ignoreLoading: true },
  });
  // Asked without format=columns: TimeseriesData's list.
  const points = newest.data?.incomingMsgs;
  return { intervalMs: sampleIntervalOf(Array.isArray(points) ? points : undefined), settled: !newest.isPending };
}
