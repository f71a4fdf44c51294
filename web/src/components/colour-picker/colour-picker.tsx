import { Button, FormGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { ColourPickerDialog } from './colour-picker-dialog';
import { checkColour, parseColour } from './colour-rules';
import './colour-picker.css';

const messages = {
  colour: { id: 'colour-picker.colour' },
  chooseColour: { id: 'colour-picker.choose-colour' },
  noColour: { id: 'colour-picker.no-colour' },
  required: { id: 'colour-picker.colour-required' },
  invalid: { id: 'colour-picker.colour-invalid' },
} satisfies Record<string, MessageDescriptor>;

export interface ColourPickerProps {
  value: string | null;
  onChange(value: string): void;
  required?: boolean;
  /** Replaces the default required error. */
  requiredText?: string;
  disabled?: boolean;
  label?: string;
  id?: string;
}

/** The colour input of spec sections 1, 2 and 5: a swatch showing the colour, opening the colour picker dialog. */
export function ColourPicker({ value, onChange, required = false, requiredText, disabled = false, label, id }: ColourPickerProps) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [open, setOpen] = useState(false);
  const problem = checkColour(value, required);
  const error = problem === 'required' ? (requiredText ?? intl.formatMessage(messages.required)) : problem === 'invalid' ? intl.formatMessage(messages.invalid) : undefined;
  const shown = value || intl.formatMessage(messages.noColour);

  return (
    <FormGroup label={label ?? intl.formatMessage(messages.colour)} labelFor={inputId} labelInfo={required ? '*' : undefined} helperText={error} intent={error ? 'danger' : 'none'}>
      <Button
        id={inputId}
        className="colour-picker__button"
        disabled={disabled}
        alignText="start"
        aria-label={intl.formatMessage(messages.chooseColour, { colour: shown })}
        icon={<span className="colour-picker__swatch" style={{ background: parseColour(value ?? '') ? (value ?? undefined) : undefined }} />}
        text={shown}
        onClick={() => setOpen(true)}
      />
      <ColourPickerDialog
        isOpen={open}
        value={value}
        onClose={() => setOpen(false)}
        onSelect={(colour) => {
          setOpen(false);
          onChange(colour);
        }}
      />
    </FormGroup>
  );
}
