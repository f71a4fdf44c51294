import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetApplicationSharedSubscriptionsQueryKey, useDeleteApplicationSharedSubscription } from '../../../api/generated/endpoints/kafka/kafka';
import type { ApplicationSharedSubscription } from '../../../api/generated/model/applicationSharedSubscription';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { plainTextToastMessage } from '../../../components/toast/toast-message';
import { showToast } from '../../../components/toast/toast-store';
import { subscriptionTopicOf } from './application-subscription-form';

interface DeleteApplicationSubscriptionDialogProps {
  /** The subscription to delete; the dialog is closed while null. */
  subscription: ApplicationSharedSubscription | null;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Asks before deleting, naming what goes with the subscription: its Kafka topic with every message it
 * still holds, so the members subscribed get nothing more from it (openapi.yaml, DELETE /api/app/shared/subs/{id}).
 */
export function DeleteApplicationSubscriptionDialog({ subscription, onClose, onDeleted }: DeleteApplicationSubscriptionDialogProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const remove = useDeleteApplicationSharedSubscription<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'app-shared-subscription.deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetApplicationSharedSubscriptionsQueryKey() });
        onDeleted();
      },
      // Kafka not configured or out of reach: the subscription stays, and the broker says why.
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
      onSettled: onClose,
    },
    request: { ignoreErrors: true },
  });
  return (
    <ConfirmDialog
      isOpen={subscription !== null}
      title={<FormattedMessage id="app-shared-subscription.delete-title" values={{ name: subscription?.name }} />}
      message={
        <p data-testid="delete-app-shared-subscription-text">
          <FormattedMessage
            id="app-shared-subscription.delete-text"
            values={{ known: subscription?.kafkaTopic === undefined ? 'no' : 'yes', kafkaTopic: <code>{subscription?.kafkaTopic}</code>, subscriptionTopic: <code>{subscriptionTopicOf('…', subscription?.topicFilter ?? '')}</code> }}
          />
        </p>
      }
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={remove.isPending}
      onConfirm={() => subscription && remove.mutate({ id: subscription.id })}
      onCancel={onClose}
    />
  );
}
