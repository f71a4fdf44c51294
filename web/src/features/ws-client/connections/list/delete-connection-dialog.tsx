import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../../api/api-error';
import { getGetWsConnectionsQueryKey, useDeleteWsConnection } from '../../../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnectionInfo } from '../../../../api/generated/model/wsConnectionInfo';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../../components/toast/toast-store';

interface DeleteConnectionDialogProps {
  /** The connection to delete; the dialog is closed while null. */
  connection: WsConnectionInfo | null;
  onClose: () => void;
  onDeleted: (connection: WsConnectionInfo) => void;
}

/** Asks before deleting a connection, which takes its subscriptions, saved messages and AUTO credentials along. */
export function DeleteConnectionDialog({ connection, onClose, onDeleted }: DeleteConnectionDialogProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const remove = useDeleteWsConnection<ApiError>({
    mutation: {
      onSuccess: (_answer, { id }) => {
        showToast({ message: intl.formatMessage({ id: 'ws-client.connection.deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetWsConnectionsQueryKey() });
        if (connection?.id === id) onDeleted(connection);
      },
      onSettled: onClose,
    },
  });
  return (
    <ConfirmDialog
      isOpen={connection !== null}
      title={<FormattedMessage id="ws-client.connection.delete-title" values={{ name: connection?.name }} />}
      message={<FormattedMessage id="ws-client.connection.delete-text" />}
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={remove.isPending}
      onConfirm={() => connection && remove.mutate({ id: connection.id })}
      onCancel={onClose}
    />
  );
}
