import { getGetMaxDatapointsLimitQueryKey, useGetMaxDatapointsLimit } from '../../api/generated/endpoints/app/app';
import { useExtension } from '../broker-support/broker-extensions';
import { maxDatapointsFrom } from '../interval-input/interval-constants';

/**
 * Spec section 9: the server's maximum datapoints (GET /api/dashboard/maxDatapointsLimit), asked
 * once; 500 while it loads or when the call fails, and 8 for a value of 7 or below.
 */
export function useMaxDatapoints(): number {
  return useMaxDatapointsState().maxDatapoints;
}

/**
 * The same, and whether the server has answered (or failed): charts wait for it rather than ask twice.
 * The limit is a Starling extension: a broker without it (TBMQ) is not asked, and the default holds.
 */
export function useMaxDatapointsState(): { maxDatapoints: number; settled: boolean } {
  const extension = useExtension('maxDatapointsLimit');
  const { data, isPending } = useGetMaxDatapointsLimit({
    query: { queryKey: getGetMaxDatapointsLimitQueryKey(), staleTime: Infinity, enabled: extension === 'available' },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return { maxDatapoints: maxDatapointsFrom(data), settled: extension === 'missing' || (extension === 'available' && !isPending) };
}
