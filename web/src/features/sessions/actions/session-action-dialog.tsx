import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { type SessionAction, sessionActionCount, useSessionActionMutation } from './session-action';

interface SessionActionDialogProps {
  /** The action to confirm; the dialog is closed while null. */
  action: SessionAction | null;
  onClose: () => void;
  onDone?: (action: SessionAction) => void;
}

/** Asks before a disconnect or remove, naming the client or the number of sessions (spec section 2, confirm dialog). */
export function SessionActionDialog({ action, onClose, onDone }: SessionActionDialogProps) {
  const run = useSessionActionMutation((done) => onDone?.(done));
  const count = action ? sessionActionCount(action) : 0;
  const disconnecting = action?.kind === 'disconnect';
  const target = action?.target;
  const title =
    target?.scope === 'one' ? (
      <FormattedMessage id={disconnecting ? 'session.disconnect-client-title' : 'session.remove-session-title'} values={{ clientId: target.clientId }} />
    ) : (
      <FormattedMessage
        id={disconnecting ? 'session.disconnect-clients-title' : 'session.remove-sessions-title'}
        values={{ count, matching: target?.scope === 'filtered' ? 'yes' : 'no' }}
      />
    );
  return (
    <ConfirmDialog
      isOpen={action !== null}
      title={title}
      message={<FormattedMessage id={disconnecting ? 'session.disconnect-clients-text' : 'session.remove-sessions-text'} values={{ count }} />}
      okLabel={<FormattedMessage id={disconnecting ? 'session.disconnect' : 'session.remove'} />}
      intent="danger"
      loading={run.isPending}
      onConfirm={() => action && run.mutate(action, { onSettled: onClose })}
      onCancel={onClose}
    />
  );
}
