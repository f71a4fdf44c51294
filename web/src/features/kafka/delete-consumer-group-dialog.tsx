import { Callout } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetKafkaConsumerGroupsV2QueryKey, useDeleteKafkaConsumerGroup } from '../../api/generated/endpoints/kafka/kafka';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { showToast } from '../../components/toast/toast-store';
import { toastMessageWith } from '../../components/toast/toast-message';

interface DeleteConsumerGroupDialogProps {
  /** The group to delete; the dialog is closed while null. */
  groupId: string | null;
  onClose: () => void;
}

/**
 * Asks before deleting a consumer group, naming it. When Kafka refuses (the group has members again,
 * or Kafka is gone) the dialog stays open with the broker's reason.
 */
export function DeleteConsumerGroupDialog({ groupId, onClose }: DeleteConsumerGroupDialogProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const remove = useDeleteKafkaConsumerGroup({ request: { ignoreErrors: true } });
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (groupId === null) return;
    remove.mutate(
      { params: { groupId } },
      {
        onSuccess: () => {
          showToast({ message: toastMessageWith((values) => intl.formatMessage({ id: 'kafka.group-deleted' }, values), { groupId }), type: 'success' });
          close();
        },
        onSettled: () => void queryClient.invalidateQueries({ queryKey: getGetKafkaConsumerGroupsV2QueryKey() }),
      },
    );
  };
  return (
    <ConfirmDialog
      isOpen={groupId !== null}
      title={<FormattedMessage id="kafka.delete-group-title" values={{ groupId }} />}
      message={
        <>
          <FormattedMessage id="kafka.delete-group-text" />
          {remove.error && (
            <Callout intent="danger" className="kafka-delete__error" title={intl.formatMessage({ id: 'kafka.delete-group-failed' })} data-testid="kafka-delete-error">
              {remove.error.message}
            </Callout>
          )}
        </>
      }
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
