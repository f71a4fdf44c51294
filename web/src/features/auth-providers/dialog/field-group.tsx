import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface FieldGroupProps {
  /** The control's id, which the label names. */
  id?: string;
  label?: ReactNode;
  /** Shown under the control instead of the hint, in the danger colour. */
  error: ReactNode | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** A labelled control with its error, or else its hint, under it. */
export function FieldGroup({ id, label, error, hint, required = false, children }: FieldGroupProps) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? hint} intent={error ? 'danger' : 'none'}>
      {children}
    </FormGroup>
  );
}

/** The props that mark a control invalid when its field has an error. */
export function invalidProps(error: ReactNode | undefined) {
  return { 'aria-invalid': Boolean(error), intent: error ? ('danger' as const) : ('none' as const) };
}
