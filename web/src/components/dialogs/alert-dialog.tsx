import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface AlertDialogProps {
  isOpen: boolean;
  title: ReactNode;
  message: ReactNode;
  /** Defaults to "OK". */
  okLabel?: ReactNode;
  /** Called by the button, on Escape and on a click outside the dialog. */
  onClose: () => void;
}

/** Spec section 2 (dialogs): tells the user something that needs no decision; closes on Escape. */
export function AlertDialog({ isOpen, title, message, okLabel, onClose }: AlertDialogProps) {
  const ok = (
    <Button intent="primary" onClick={onClose}>
      {okLabel ?? <FormattedMessage id="action.ok" />}
    </Button>
  );
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose} role="alertdialog">
      <DialogBody>{message}</DialogBody>
      <DialogFooter actions={ok} />
    </Dialog>
  );
}
