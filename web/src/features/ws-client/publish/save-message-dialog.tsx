import { Dialog, DialogBody } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError } from '../../../api/api-error-field';
import { getGetWsSavedMessagesQueryKey, useSaveWsSavedMessage } from '../../../api/generated/endpoints/ws-client/ws-client';
import type { WsSavedMessageConfiguration } from '../../../api/generated/model/wsSavedMessageConfiguration';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { TextField } from '../../../components/form/text-field';
import { showToast } from '../../../components/toast/toast-store';

interface SaveMessageDialogProps {
  connectionId: string;
  /** The message to save; the dialog is closed while null. */
  message: WsSavedMessageConfiguration | null;
  onClose: () => void;
}

/** Saves the message of the publish form under a name, to publish it again later. */
export function SaveMessageDialog({ connectionId, message, onClose }: SaveMessageDialogProps) {
  return (
    <Dialog isOpen={message !== null} onClose={onClose} title={<FormattedMessage id="ws-client.saved-message.save-title" />}>
      {message && <SaveMessageForm connectionId={connectionId} message={message} onClose={onClose} />}
    </Dialog>
  );
}

function SaveMessageForm({ connectionId, message, onClose }: { connectionId: string; message: WsSavedMessageConfiguration; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveWsSavedMessage<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'ws-client.saved-message.saved' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetWsSavedMessagesQueryKey({ webSocketConnectionId: connectionId }) });
        onClose();
      },
    },
    request: { ignoreErrors: true },
  });
  const nameError = apiFieldError(save.error, ['name'] as const);
  const ownError = submitted && name.trim() === '' ? <FormattedMessage id="ws-client.saved-message.name-required" /> : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (name.trim() !== '') save.mutate({ data: { webSocketConnectionId: connectionId, name: name.trim(), configuration: message } });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'ws-client.saved-message.save-title' })}>
      <DialogBody>
        {nameError === undefined && <ApiErrorCallout error={save.error} />}
        <TextField
          id="saved-message-name"
          label={<FormattedMessage id="ws-client.saved-message.name" />}
          value={name}
          onValueChange={setName}
          error={ownError ?? nameError?.message}
          required
          autoFocus
        />
      </DialogBody>
      <FormDialogFooter ownAccount submitLabel={<FormattedMessage id="action.save" />} pending={save.isPending} onCancel={onClose} submitTestId="saved-message-save" />
    </form>
  );
}
