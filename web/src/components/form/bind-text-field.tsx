import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { FieldError } from '../../api/api-error-field';

/** The names of a form's string-valued fields. */
export type TextFieldName<Values> = { [Name in keyof Values]: Values[Name] extends string ? Name : never }[keyof Values] & string;

interface FieldErrors<Values> {
  /** The console's own checks. */
  errors: Partial<Record<keyof Values, MessageDescriptor>>;
  /** A broker refusal naming one field; the console's own error for that field comes first. */
  brokerError?: FieldError<string>;
}

/**
 * Props that tie a TextField to one field of a form's values: id, value, change handler and the
 * field's error, so that a form lists its fields without repeating that wiring for each.
 */
export function bindTextField<Values>(
  idPrefix: string,
  values: Values,
  onChange: (changes: Partial<Values>) => void,
  { errors, brokerError }: FieldErrors<Values>,
) {
  return (name: TextFieldName<Values>) => {
    const own = errors[name];
    const error: ReactNode = own ? <FormattedMessage {...own} /> : brokerError?.field === name ? brokerError.message : undefined;
    return {
      id: `${idPrefix}-${name}`,
      value: values[name] as string,
      error,
      onValueChange: (value: string) => onChange({ [name]: value } as Partial<Values>),
    };
  };
}
