import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field, which is then marked invalid. */
  error?: ReactNode;
  required?: boolean;
  type?: string;
  autoFocus?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

/** A labelled text input with its error under it (Blueprint FormGroup + InputGroup). */
export function TextField({ id, label, value, onValueChange, error, required = false, ...inputProps }: TextFieldProps) {
  const intent = error ? 'danger' : 'none';
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error} intent={intent}>
      <InputGroup id={id} value={value} intent={intent} aria-invalid={Boolean(error)} onValueChange={onValueChange} {...inputProps} />
    </FormGroup>
  );
}
