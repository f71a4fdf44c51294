import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { getGetAdminUsersQueryKey, useResendUserActivationMail } from '../../api/generated/endpoints/admin/admin';
import type { User } from '../../api/generated/model/user';
import { showToast } from '../../components/toast/toast-store';

/**
 * Spec section 7's resend of the activation mail, offered on the users page for an account that has
 * not set its password yet. The administrator's call (openapi.yaml, POST /api/admin/user/{id}/activationMail)
 * rather than the anonymous one: it says when the account is already active or the mail server
 * refused the mail, and the HTTP layer shows that message.
 */
export function useResendActivationMail(): (user: User) => void {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const resend = useResendUserActivationMail();
  return (user) =>
    resend.mutate(
      { id: user.id },
      {
        onSuccess: () => showToast({ message: intl.formatMessage({ id: 'user.activation-mail-sent' }, { email: user.email }), type: 'success' }),
        // 409: the user activated the account meanwhile; the list shows it so.
        onError: () => void queryClient.invalidateQueries({ queryKey: getGetAdminUsersQueryKey() }),
      },
    );
}
