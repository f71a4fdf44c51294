import { Button, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ChangeAction } from '../roles/change-action';

interface FormDialogFooterProps {
  /** The submit button's text, e.g. "Add" or "Save". */
  submitLabel: ReactNode;
  /** The form's request is running: submit spins, cancel waits. */
  pending: boolean;
  onCancel: () => void;
  submitDisabled?: boolean;
  submitTestId?: string;
  /**
   * The form saves the signed-in user's own things (its web-socket client workspace), which a
   * read-only account may still change; any other form's submit is disabled for that account.
   */
  ownAccount?: boolean;
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormDialogFooter({ submitLabel, pending, onCancel, submitDisabled = false, submitTestId, ownAccount = false }: FormDialogFooterProps) {
  const submit = (
    <Button type="submit" intent="primary" disabled={submitDisabled} loading={pending} data-testid={submitTestId}>
      {submitLabel}
    </Button>
  );
  return (
    <DialogFooter
      actions={
        <>
          <Button variant="minimal" onClick={onCancel} disabled={pending}>
            <FormattedMessage id="action.cancel" />
          </Button>
          {ownAccount ? submit : <ChangeAction>{submit}</ChangeAction>}
        </>
      }
    />
  );
}
