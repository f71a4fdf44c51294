import { Radio, RadioGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../../components/form/text-field';
import { PasswordInput } from '../../../components/password-input/password-input';
import type { ErrorOf } from './field-errors';
import { FieldGroup, invalidProps } from './field-group';
import { type CredentialsKind, keepsStoredPassword, type OutgoingCredentialsValues } from './outgoing-credentials-values';

interface OutgoingCredentialsFieldsProps {
  idPrefix: string;
  values: OutgoingCredentialsValues;
  onChange: (values: OutgoingCredentialsValues) => void;
  errorOf: ErrorOf;
}

/** How the broker signs in to the outside service: anonymously or with a username and password. */
export function OutgoingCredentialsFields({ idPrefix, values, onChange, errorOf }: OutgoingCredentialsFieldsProps) {
  const intl = useIntl();
  const change = (changes: Partial<OutgoingCredentialsValues>) => onChange({ ...values, ...changes });
  const passwordError = errorOf('password');
  const passwordHint = keepsStoredPassword(values) ? <FormattedMessage id="auth-provider.password-kept-hint" /> : undefined;
  return (
    <>
      <RadioGroup
        inline
        label={intl.formatMessage({ id: 'auth-provider.credentials' })}
        selectedValue={values.kind}
        onChange={(event) => change({ kind: event.currentTarget.value as CredentialsKind })}
      >
        <Radio value="anonymous" label={intl.formatMessage({ id: 'auth-provider.credentials-anonymous' })} />
        <Radio value="basic" label={intl.formatMessage({ id: 'auth-provider.credentials-basic' })} />
        {/* Certificates a production broker holds are kept; the console does not edit them. */}
        {values.stored.type === 'cert.PEM' && <Radio value="cert.PEM" label={intl.formatMessage({ id: 'auth-provider.credentials-certificate' })} />}
      </RadioGroup>
      {values.kind === 'basic' && (
        <div className="auth-provider-form__row">
          <TextField
            id={`${idPrefix}-username`}
            label={<FormattedMessage id="auth-provider.username" />}
            value={values.username}
            onValueChange={(username) => change({ username })}
            error={errorOf('username')}
            autoComplete="off"
            required
          />
          <FieldGroup id={`${idPrefix}-password`} label={<FormattedMessage id="auth-provider.password" />} error={passwordError} hint={passwordHint}>
            <PasswordInput id={`${idPrefix}-password`} value={values.password} autoComplete="new-password" {...invalidProps(passwordError)} onValueChange={(password) => change({ password })} />
          </FieldGroup>
        </div>
      )}
    </>
  );
}
