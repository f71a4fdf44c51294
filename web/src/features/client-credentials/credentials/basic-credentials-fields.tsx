import { FormGroup } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { bindTextField } from '../../../components/form/bind-text-field';
import { TextField } from '../../../components/form/text-field';
import { PasswordInput } from '../../../components/password-input/password-input';
import type { CredentialsFieldsProps } from './credentials-fields-props';
import { RuleListsFields } from '../../../components/rule-patterns/rule-lists-fields';

/** MQTT_BASIC: client id and/or username, a password when adding, and the publish/subscribe rules. */
export function BasicCredentialsFields({ values, onChange, errors, brokerError, adding }: CredentialsFieldsProps) {
  const fieldProps = bindTextField('credentials', values, onChange, { errors, brokerError });
  const passwordError = brokerError?.field === 'password' ? brokerError.message : undefined;
  return (
    <>
      <div className="client-access__field-row">
        <TextField {...fieldProps('clientId')} label={<FormattedMessage id="mqtt-client-credentials.client-id" />} autoComplete="off" />
        <TextField {...fieldProps('userName')} label={<FormattedMessage id="mqtt-client-credentials.username" />} autoComplete="off" />
      </div>
      {adding && (
        <FormGroup
          label={<FormattedMessage id="mqtt-client-credentials.password" />}
          labelFor="credentials-password"
          helperText={passwordError ?? <FormattedMessage id="mqtt-client-credentials.password-hint" />}
          intent={passwordError ? 'danger' : 'none'}
        >
          <PasswordInput id="credentials-password" autoComplete="new-password" value={values.password} onValueChange={(password) => onChange({ password })} />
        </FormGroup>
      )}
      <RuleListsFields idPrefix="credentials-rules" rules={values.rules} onChange={(rules) => onChange({ rules })} />
    </>
  );
}
