import { getGetMaxDatapointsLimitQueryKey, useGetMaxDatapointsLimit } from '../../api/generated/endpoints/app/app';
import { maxDatapointsFrom } from '../interval-input/interval-constants';

/**
 * Spec section 9: the server's maximum datapoints (GET /api/dashboard/maxDatapointsLimit), asked
 * once; 500 while it loads or when the call fails, and 8 for a value of 7 or below.
 */
export function useMaxDatapoints(): number {
  const { data } = useGetMaxDatapointsLimit({
    query: { queryKey: getGetMaxDatapointsLimitQueryKey(), staleTime: Infinity },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return maxDatapointsFrom(data);
}
