import { Button, DialogFooter } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';

/** The foot of a dialog that only shows something: a Close button. */
export function CloseDialogFooter({ onClose }: { onClose: () => void }) {
  return (
    <DialogFooter
      actions={
        <Button intent="primary" onClick={onClose}>
          <FormattedMessage id="action.close" />
        </Button>
      }
    />
  );
}
