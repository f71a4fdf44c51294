import { Button, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  message: ReactNode;
  /** Defaults to "OK". */
  okLabel?: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /** Colours the confirm button, e.g. "danger" for a deletion. */
  intent?: Intent;
  /** The confirmed action is running: the confirm button spins and the dialog stays. */
  loading?: boolean;
  onConfirm: () => void;
  /** Also called on Escape and on a click outside the dialog. */
  onCancel: () => void;
}

/** Spec section 2 (dialogs): asks before an action; closes on Escape. */
export function ConfirmDialog({ isOpen, title, message, okLabel, cancelLabel, intent = 'primary', loading = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const actions = (
    <>
      <Button variant="minimal" onClick={onCancel} disabled={loading}>
        {cancelLabel ?? <FormattedMessage id="action.cancel" />}
      </Button>
      <Button intent={intent} onClick={onConfirm} loading={loading} data-testid="confirm-dialog-ok">
        {okLabel ?? <FormattedMessage id="action.ok" />}
      </Button>
    </>
  );
  return (
    <Dialog isOpen={isOpen} title={title} onClose={loading ? undefined : onCancel} role="alertdialog">
      <DialogBody>{message}</DialogBody>
      <DialogFooter actions={actions} />
    </Dialog>
  );
}
