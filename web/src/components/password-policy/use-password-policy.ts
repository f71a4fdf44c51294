import { getGetUserPasswordPolicyQueryKey, useGetUserPasswordPolicy } from '../../api/generated/endpoints/auth/auth';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';

/**
 * The password policy every new password must pass (GET /api/noauth/userPasswordPolicy, no sign-in
 * needed). Undefined while loading and when the broker does not answer it (an older broker: 404);
 * the screens then check nothing beyond what they always did and leave the rest to the broker.
 * Settled once the broker answered either way.
 */
export function usePasswordPolicy(): { policy: UserPasswordPolicy | undefined; settled: boolean } {
  const query = useGetUserPasswordPolicy({
    query: { queryKey: getGetUserPasswordPolicyQueryKey(), retry: false, refetchOnWindowFocus: false },
    request: { ignoreErrors: true, ignoreLoading: true },
  });
  return { policy: query.data, settled: !query.isPending };
}
