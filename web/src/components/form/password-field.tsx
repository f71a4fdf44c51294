import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PasswordInput } from '../password-input/password-input';

interface PasswordFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field, which is then marked invalid; the hint otherwise. */
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

/** A labelled password input with its visibility toggle and its error or hint under it; takes bindTextField's props as TextField does. */
export function PasswordField({ id, label, value, onValueChange, error, hint, required = false, ...inputProps }: PasswordFieldProps) {
  const intent = error ? 'danger' : 'none';
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? hint} intent={intent}>
      <PasswordInput id={id} value={value} intent={intent} aria-invalid={Boolean(error)} onValueChange={onValueChange} {...inputProps} />
    </FormGroup>
  );
}
