import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { retainedDeleteCount, type RetainedDeleteTarget, useRetainedDeleteMutation } from './retained-delete';

interface RetainedDeleteDialogProps {
  /** What to delete; the dialog is closed while null. */
  target: RetainedDeleteTarget | null;
  onClose: () => void;
  onDone?: (target: RetainedDeleteTarget) => void;
}

function Title({ target, count }: { target: RetainedDeleteTarget | null; count: number }) {
  if (target?.scope === 'one') return <FormattedMessage id="retained-message.delete-one-title" values={{ topic: target.topic }} />;
  if (target?.scope === 'branch') return <FormattedMessage id="retained-message.delete-branch-title" values={{ topic: target.topic, count }} />;
  return <FormattedMessage id="retained-message.delete-many-title" values={{ count, matching: target?.scope === 'filtered' ? 'yes' : 'no' }} />;
}

/** Asks before deleting retained messages, naming the topic or the number of messages (spec section 2, confirm dialog). */
export function RetainedDeleteDialog({ target, onClose, onDone }: RetainedDeleteDialogProps) {
  const run = useRetainedDeleteMutation((done) => onDone?.(done));
  const count = target ? retainedDeleteCount(target) : 0;
  return (
    <ConfirmDialog
      isOpen={target !== null}
      title={<Title target={target} count={count} />}
      message={<FormattedMessage id="retained-message.delete-text" values={{ count }} />}
      okLabel={<FormattedMessage id="action.delete" />}
      intent="danger"
      loading={run.isPending}
      onConfirm={() => target && run.mutate(target, { onSettled: onClose })}
      onCancel={onClose}
    />
  );
}
