import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ColourPanel } from './colour-picker-panel';
import { isValidColour } from './colour-rules';

export interface ColourPickerDialogProps {
  isOpen: boolean;
  /** The colour the dialog opens with. */
  value: string | null;
  onSelect(colour: string): void;
  onClose(): void;
}

/**
 * Spec section 2's colour picker dialog: the colour is chosen in the panel and taken with Select;
 * Cancel, Escape or a click beside it leave the colour as it was.
 */
export function ColourPickerDialog({ isOpen, value, onSelect, onClose }: ColourPickerDialogProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(value ?? '');
  // Each opening starts from the colour given, not from what was chosen and cancelled before.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setDraft(value ?? '');
  }
  const actions = (
    <>
      <Button variant="minimal" onClick={onClose}>
        <FormattedMessage id="action.cancel" />
      </Button>
      <Button intent="primary" disabled={!isValidColour(draft)} onClick={() => onSelect(draft)}>
        <FormattedMessage id="colour-picker.select" />
      </Button>
    </>
  );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={intl.formatMessage({ id: 'colour-picker.dialog-title' })} className="colour-picker__dialog">
      <DialogBody>{isOpen && <ColourPanel value={draft} onChange={setDraft} />}</DialogBody>
      <DialogFooter actions={actions} />
    </Dialog>
  );
}
