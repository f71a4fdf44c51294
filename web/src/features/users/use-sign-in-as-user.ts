import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error';
import { underBase } from '../../api/base-path';
import { getAdminUserToken } from '../../api/generated/endpoints/user/user';
import { storeTokenPair } from '../../api/auth/token-storage';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';

/**
 * Spec section 7, sign in as another user, at TBMQ's path (GET /api/admin/user/{id}/token; the bundled
 * broker serves the spec's /api/user/{id}/token too). The new token pair replaces the session and the
 * console reloads at home, so nothing of the previous user stays in memory.
 */
export function useSignInAsUser() {
  return useMutation<unknown, ApiError, string>({
    mutationFn: async (userId) => {
      storeTokenPair(await getAdminUserToken(userId, { ignoreErrors: true }));
      window.location.assign(underBase('home'));
    },
    onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
  });
}
