import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { getGetAdminUsersQueryKey, useDeleteAdminUser } from '../../api/generated/endpoints/admin/admin';
import type { User } from '../../api/generated/model/user';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';

interface DeleteUserDialogProps {
  /** The user to delete; the dialog is closed while null. */
  user: User | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a user (spec section 2, confirm dialog), then deletes it. */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const deleteUser = useDeleteAdminUser<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'user.user-deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetAdminUsersQueryKey() });
        onDeleted();
      },
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
      onSettled: onClose,
    },
    request: { ignoreErrors: true },
  });
  return (
    <ConfirmDialog
      isOpen={user !== null}
      title={<FormattedMessage id="user.delete-user-title" values={{ email: user?.email }} />}
      message={<FormattedMessage id="user.delete-user-text" />}
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={deleteUser.isPending}
      onConfirm={() => user && deleteUser.mutate({ id: user.id })}
      onCancel={onClose}
    />
  );
}
