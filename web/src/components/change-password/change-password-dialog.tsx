import { Dialog } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { ChangePasswordForm } from './change-password-form';

export interface ChangePasswordDialogProps {
  isOpen: boolean;
  /** Called on cancel, on Escape and after a successful change. */
  onClose: () => void;
  /** Titled "change default password"; the current password is the default one and not asked for. */
  forDefaultPassword?: boolean;
}

/** Spec section 2 (dialogs), change password. */
export function ChangePasswordDialog({ isOpen, onClose, forDefaultPassword = false }: ChangePasswordDialogProps) {
  const title = <FormattedMessage id={forDefaultPassword ? 'profile.change-default-password' : 'profile.change-password'} />;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {isOpen && <ChangePasswordForm forDefaultPassword={forDefaultPassword} onChanged={onClose} onCancel={onClose} />}
    </Dialog>
  );
}
