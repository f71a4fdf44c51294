import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { getGetIntegrationsQueryKey, useDeleteIntegration } from '../../api/generated/endpoints/integration/integration';
import type { Integration } from '../../api/generated/model/integration';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';

/** Asks before deleting, naming the integration: its backlog goes with it, undelivered. */
export function DeleteIntegrationDialog({ integration, onClose, onDeleted }: { integration: Integration | null; onClose: () => void; onDeleted: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const remove = useDeleteIntegration<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'integration.deleted' }, { name: integration?.name }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetIntegrationsQueryKey() });
        onDeleted();
      },
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
      onSettled: onClose,
    },
    request: { ignoreErrors: true },
  });
  return (
    <ConfirmDialog
      isOpen={integration !== null}
      title={<FormattedMessage id="integration.delete-title" values={{ name: integration?.name }} />}
      message={<FormattedMessage id="integration.delete-text" />}
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={remove.isPending}
      onConfirm={() => integration?.id && remove.mutate({ integrationId: integration.id })}
      onCancel={onClose}
    />
  );
}
