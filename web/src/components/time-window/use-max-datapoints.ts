import { getGetMaxDatapointsLimitQueryKey, useGetMaxDatapointsLimit } from '../../api/generated/endpoints/app/app';
import { useExtension } from '../broker-support/broker-extensions';
import { maxDatapointsFrom } from '../interval-input/interval-constants';

/**
 * Spec section 9: the server's maximum datapoints (GET /api/dashboard/maxDatapointsLimit), asked
 * once; 500 while it loads, when the call fails or when the broker lacks it (the
 * maxDatapointsLimit extension), and 8 for a value of 7 or below.
 */
export function useMaxDatapoints(): number {
  return useMaxDatapointsState().maxDatapoints;
}

/** The same, and whether the server has answered (or failed, or lacks the call): charts wait for it rather than ask twice. */
export function useMaxDatapointsState(): { maxDatapoints: number; settled: boolean } {
  const extension = useExtension('maxDatapointsLimit');
  const { data, isPending } = useGetMaxDatapointsLimit({
    query: { queryKey: getGetMaxDatapointsLimitQueryKey(), staleTime: Infinity, enabled: extension === 'available' },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  const settled = extension === 'missing' || (extension === 'available' && !isPending);
  return { maxDatapoints: maxDatapointsFrom(extension === 'available' ? data : undefined), settled };
}
