import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { FieldError } from '../../api/api-error-field';
import { bindTextField } from '../../components/form/bind-text-field';
import { TextField } from '../../components/form/text-field';
import { UserRole } from '../../api/generated/model/userRole';
import type { UserFormField, UserFormValues } from './user-form-values';
import { ROLE_LABELS } from '../../components/roles/role-labels';

interface UserFormFieldsProps {
  values: UserFormValues;
  onChange: (changes: Partial<UserFormValues>) => void;
  /** The console's own checks, shown once the user tried to save. */
  errors: Partial<Record<UserFormField, MessageDescriptor>>;
  /** A broker refusal that names one of the fields (e.g. an e-mail already in use). */
  brokerError?: FieldError<UserFormField>;
  adding: boolean;
  /** The broker mails activation links (the accountActivation extension): TBMQ does not. */
  canInviteByMail: boolean;
  /** The broker has the `roles` extension: the role can be chosen. */
  withRoles: boolean;
  /** The user is the last administrator, whom the broker does not let become read-only. */
  lastAdministrator: boolean;
}

/** The fields of the add/edit user dialog; each error shows under its field. */
export function UserFormFields({ values, onChange, errors, brokerError, adding, canInviteByMail, withRoles, lastAdministrator }: UserFormFieldsProps) {
  const intl = useIntl();
  const fieldProps = bindTextField('user', values, onChange, { errors, brokerError });

  return (
    <>
      <TextField {...fieldProps('email')} label={<FormattedMessage id="user.email" />} type="email" autoFocus required />
      <TextField {...fieldProps('firstName')} label={<FormattedMessage id="user.first-name" />} />
      <TextField {...fieldProps('lastName')} label={<FormattedMessage id="user.last-name" />} />
      <FormGroup label={<FormattedMessage id="user.authority" />} labelFor="user-authority">
        {/* Spec section 1: administrator is the only kind of user. */}
        <HTMLSelect id="user-authority" value="SYS_ADMIN" disabled fill>
          <option value="SYS_ADMIN">{intl.formatMessage({ id: 'user.sys-admin' })}</option>
        </HTMLSelect>
      </FormGroup>
      {withRoles && (
        <FormGroup
          label={<FormattedMessage id="user.role" />}
          labelFor="user-role"
          intent={brokerError?.field === 'role' ? 'danger' : 'none'}
          helperText={brokerError?.field === 'role' ? brokerError.message : <FormattedMessage id={lastAdministrator ? 'user.role-last-administrator' : 'user.role-hint'} />}
        >
          <HTMLSelect id="user-role" value={values.role} disabled={lastAdministrator} fill onChange={(event) => onChange({ role: event.currentTarget.value as UserRole })}>
            {Object.values(UserRole).map((role) => (
              <option key={role} value={role}>
                {intl.formatMessage(ROLE_LABELS[role])}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      {adding && (
        <FormGroup helperText={<FormattedMessage id={values.sendActivationMail ? 'user.activation-mail-hint' : 'user.one-time-password-hint'} />}>
          {canInviteByMail && (
            <Checkbox
              checked={values.sendActivationMail}
              label={intl.formatMessage({ id: 'user.send-activation-mail' })}
              onChange={(event) => onChange({ sendActivationMail: event.currentTarget.checked })}
            />
          )}
        </FormGroup>
      )}
    </>
  );
}
