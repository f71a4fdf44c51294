import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useDeleteMqttClientCredentials } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../components/toast/toast-store';
import { useRefreshCredentialsQueries } from './use-credentials-queries';

interface DeleteCredentialsDialogProps {
  /** The credentials to delete; the dialog is closed while null. */
  credentials: ShortMqttClientCredentials | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting client credentials: clients connected with them are disconnected. */
export function DeleteCredentialsDialog({ credentials, onClose, onDeleted }: DeleteCredentialsDialogProps) {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  const remove = useDeleteMqttClientCredentials<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'mqtt-client-credentials.credentials-deleted' }), type: 'success' });
        refresh();
        onDeleted();
      },
      onSettled: onClose,
    },
  });
  return (
    <ConfirmDialog
      isOpen={credentials !== null}
      title={<FormattedMessage id="mqtt-client-credentials.delete-title" values={{ name: credentials?.name }} />}
      message={<FormattedMessage id="mqtt-client-credentials.delete-text" />}
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={remove.isPending}
      onConfirm={() => credentials && remove.mutate({ id: credentials.id })}
      onCancel={onClose}
    />
  );
}
