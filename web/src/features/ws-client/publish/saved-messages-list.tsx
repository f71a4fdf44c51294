import { Button, ButtonGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetWsSavedMessagesQueryKey, useDeleteWsSavedMessage, useGetWsSavedMessages } from '../../../api/generated/endpoints/ws-client/ws-client';
import type { WsSavedMessage } from '../../../api/generated/model/wsSavedMessage';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../components/toast/toast-store';

interface SavedMessagesListProps {
  connectionId: string;
  onLoad: (message: WsSavedMessage) => void;
}

/** The connection's saved messages (GET /api/ws/saved-message): load one into the form, or delete it. */
export function SavedMessagesList({ connectionId, onLoad }: SavedMessagesListProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const params = { webSocketConnectionId: connectionId };
  const messages = useGetWsSavedMessages(params, { query: { queryKey: getGetWsSavedMessagesQueryKey(params) } });
  const [deleting, setDeleting] = useState<WsSavedMessage | null>(null);
  const remove = useDeleteWsSavedMessage<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'ws-client.saved-message.deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetWsSavedMessagesQueryKey(params) });
      },
      onSettled: () => setDeleting(null),
    },
  });

  if (messages.isPending) return <Spinner size={20} />;
  if (!messages.data || messages.data.length === 0) {
    return <NonIdealState className="ws-client__empty-small" description={<FormattedMessage id="ws-client.saved-message.none" />} />;
  }
  return (
    <>
      <ul className="ws-client__saved-messages" aria-label={intl.formatMessage({ id: 'ws-client.saved-message.list' })}>
        {messages.data.map((message) => (
          <li key={message.id} className="ws-client__saved-message" data-testid="saved-message">
            <span className="ws-client__saved-message-text">
              <strong>{message.name}</strong>
              <span className="ws-client__muted">{message.configuration.topic}</span>
            </span>
            <ButtonGroup variant="minimal">
              <Button
                icon={<UploadIcon />}
                aria-label={intl.formatMessage({ id: 'ws-client.saved-message.load' }, { name: message.name })}
                title={intl.formatMessage({ id: 'ws-client.saved-message.load' }, { name: message.name })}
                onClick={() => onLoad(message)}
              />
              <Button
                icon={<TrashIcon />}
                intent="danger"
                aria-label={intl.formatMessage({ id: 'ws-client.saved-message.delete' }, { name: message.name })}
                title={intl.formatMessage({ id: 'ws-client.saved-message.delete' }, { name: message.name })}
                onClick={() => setDeleting(message)}
              />
            </ButtonGroup>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={<FormattedMessage id="ws-client.saved-message.delete" values={{ name: deleting?.name }} />}
        message={<FormattedMessage id="ws-client.saved-message.delete-text" />}
        okLabel={<FormattedMessage id="action.delete" />}
        intent="danger"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
