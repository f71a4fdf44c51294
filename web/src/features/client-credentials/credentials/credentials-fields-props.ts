import type { FieldError } from '../../../api/api-error-field';
import type { CredentialsFormErrors, CredentialsFormField, CredentialsFormValues } from './credentials-form-values';

/** What the fields of one credentials type are given by the credentials form. */
export interface CredentialsFieldsProps {
  values: CredentialsFormValues;
  onChange: (changes: Partial<CredentialsFormValues>) => void;
  /** The console's own checks, shown once the operator tried to save. */
  errors: CredentialsFormErrors;
  /** A broker refusal naming one field, e.g. a username other credentials already have. */
  brokerError?: FieldError<CredentialsFormField>;
  adding: boolean;
}
