import { Button, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface FormDialogFooterProps {
  /** The submit button's text, e.g. "Add" or "Save". */
  submitLabel: ReactNode;
  /** The form's request is running: submit spins, cancel waits. */
  pending: boolean;
  onCancel: () => void;
  submitDisabled?: boolean;
  submitTestId?: string;
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormDialogFooter({ submitLabel, pending, onCancel, submitDisabled = false, submitTestId }: FormDialogFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button variant="minimal" onClick={onCancel} disabled={pending}>
            <FormattedMessage id="action.cancel" />
          </Button>
          <Button type="submit" intent="primary" disabled={submitDisabled} loading={pending} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </>
      }
    />
  );
}
