import type { FieldError } from '../../../../api/api-error-field';
import type { ConnectionFormErrors, ConnectionFormValues } from '../form/connection-form-values';

/** What each group of the connection dialog's fields gets. */
export interface ConnectionFieldsProps {
  values: ConnectionFormValues;
  /** Changes some values; from the current ones when given a function. */
  onChange: (changes: Partial<ConnectionFormValues> | ((current: ConnectionFormValues) => Partial<ConnectionFormValues>)) => void;
  /** The console's own errors, once the user tried to save. */
  errors: ConnectionFormErrors;
  /** The broker's refusal naming one field. */
  brokerError?: FieldError<string>;
}
