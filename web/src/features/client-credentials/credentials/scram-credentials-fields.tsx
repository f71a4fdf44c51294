import { Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { ScramCredentialsValueAlgorithm } from '../../../api/generated/model/scramCredentialsValueAlgorithm';
import { bindTextField } from '../../../components/form/bind-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { TextField } from '../../../components/form/text-field';
import { RuleListsFields } from '../../../components/rule-patterns/rule-lists-fields';
import type { CredentialsFieldsProps } from './credentials-fields-props';

/** The algorithms as RFC 7677 and RFC 5802 name their hash functions. */
const ALGORITHM_NAMES: Record<ScramCredentialsValueAlgorithm, string> = { SHA_256: 'SHA-256', SHA_512: 'SHA-512' };

/**
 * SCRAM (MQTT 5 enhanced authentication): the username the client gives in its exchange, a password
 * the broker turns into a salt and keys, the hash algorithm, and the publish/subscribe rules.
 */
export function ScramCredentialsFields({ values, onChange, errors, brokerError, adding }: CredentialsFieldsProps) {
  const fieldProps = bindTextField('credentials', values, onChange, { errors, brokerError });
  const algorithmError = fieldProps('algorithm').error;
  const passwordHint = adding ? 'mqtt-client-credentials.scram-password-hint' : 'mqtt-client-credentials.scram-password-keep-hint';
  return (
    <>
      {!adding && (
        <Callout compact intent="primary" className="client-access__note" data-testid="scram-stored-keys-note">
          <FormattedMessage id="mqtt-client-credentials.scram-stored-keys-note" />
        </Callout>
      )}
      <TextField {...fieldProps('userName')} label={<FormattedMessage id="mqtt-client-credentials.username" />} autoComplete="off" required />
      <div className="client-access__field-row">
        <PasswordField
          {...fieldProps('password')}
          label={<FormattedMessage id="mqtt-client-credentials.password" />}
          hint={<FormattedMessage id={passwordHint} />}
          required={adding}
          autoComplete="new-password"
        />
        <FormGroup label={<FormattedMessage id="mqtt-client-credentials.scram-algorithm" />} labelFor="credentials-algorithm" helperText={algorithmError} intent={algorithmError ? 'danger' : 'none'}>
          <HTMLSelect
            id="credentials-algorithm"
            fill
            value={values.algorithm}
            onChange={(event) => onChange({ algorithm: event.currentTarget.value as ScramCredentialsValueAlgorithm })}
          >
            {Object.values(ScramCredentialsValueAlgorithm).map((algorithm) => (
              <option key={algorithm} value={algorithm}>
                {ALGORITHM_NAMES[algorithm]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <RuleListsFields idPrefix="credentials-rules" rules={values.rules} onChange={(rules) => onChange({ rules })} />
    </>
  );
}
