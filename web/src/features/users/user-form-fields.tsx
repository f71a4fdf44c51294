import { Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { type ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { UserFormField, UserFormValues } from './user-form-values';

interface UserFormFieldsProps {
  values: UserFormValues;
  onChange: (changes: Partial<UserFormValues>) => void;
  /** The console's own checks, shown once the user tried to save. */
  errors: Partial<Record<UserFormField, MessageDescriptor>>;
  /** A broker refusal that names one of the fields (e.g. an e-mail already in use). */
  brokerError?: { field: UserFormField; message: string };
  adding: boolean;
}

/** The fields of the add/edit user dialog; each error shows under its field. */
export function UserFormFields({ values, onChange, errors, brokerError, adding }: UserFormFieldsProps) {
  const intl = useIntl();
  const errorOf = (field: UserFormField): ReactNode => {
    const own = errors[field];
    if (own) return <FormattedMessage {...own} />;
    return brokerError?.field === field ? brokerError.message : undefined;
  };
  const textField = (field: UserFormField, label: MessageDescriptor, props: { type?: string; autoFocus?: boolean; required?: boolean }) => {
    const error = errorOf(field);
    const id = `user-${field}`;
    return (
      <FormGroup label={<FormattedMessage {...label} />} labelFor={id} labelInfo={props.required ? '*' : undefined} helperText={error} intent={error ? 'danger' : 'none'}>
        <InputGroup
          id={id}
          type={props.type}
          autoFocus={props.autoFocus}
          value={values[field]}
          intent={error ? 'danger' : 'none'}
          aria-invalid={Boolean(error)}
          onValueChange={(value) => onChange({ [field]: value })}
        />
      </FormGroup>
    );
  };

  return (
    <>
      {textField('email', { id: 'user.email' }, { type: 'email', autoFocus: true, required: true })}
      {textField('firstName', { id: 'user.first-name' }, {})}
      {textField('lastName', { id: 'user.last-name' }, {})}
      <FormGroup label={<FormattedMessage id="user.authority" />} labelFor="user-authority">
        {/* Spec section 1: administrator is the only kind of user. */}
        <HTMLSelect id="user-authority" value="SYS_ADMIN" disabled fill>
          <option value="SYS_ADMIN">{intl.formatMessage({ id: 'user.sys-admin' })}</option>
        </HTMLSelect>
      </FormGroup>
      {adding && (
        <FormGroup
          helperText={<FormattedMessage id={values.sendActivationMail ? 'user.activation-mail-hint' : 'user.default-password-hint'} />}
        >
          <Checkbox
            checked={values.sendActivationMail}
            label={intl.formatMessage({ id: 'user.send-activation-mail' })}
            onChange={(event) => onChange({ sendActivationMail: event.currentTarget.checked })}
          />
        </FormGroup>
      )}
    </>
  );
}
