import { Callout, FormGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WsCredentialsMode } from '../../../../api/generated/model/wsCredentialsMode';
import { CopyButton } from '../../../../components/copy-button/copy-button';
import { bindTextField } from '../../../../components/form/bind-text-field';
import { TextField } from '../../../../components/form/text-field';
import { PasswordInput } from '../../../../components/password-input/password-input';
import type { ConnectionFieldsProps } from './connection-fields-props';
import { ExistingCredentialsPicker } from './existing-credentials-picker';

const MODES: readonly WsCredentialsMode[] = ['AUTO', 'EXISTING', 'CUSTOM'];

/**
 * Spec section 3, credentials mode: AUTO lets the broker make credentials for the connection,
 * EXISTING uses client credentials already there, CUSTOM the connection's own username and password.
 */
export function ConnectionCredentialsFields({ values, onChange, errors, brokerError, generatedUsername }: ConnectionFieldsProps & { generatedUsername?: string }) {
  const intl = useIntl();
  const fieldProps = bindTextField('ws-connection', values, onChange, { errors, brokerError });
  const passwordError = brokerError?.field === 'password' ? brokerError.message : undefined;
  const credentialsError = errors.clientCredentialsId ? <FormattedMessage {...errors.clientCredentialsId} /> : brokerError?.field === 'clientCredentialsId' ? brokerError.message : undefined;
  // Linked credentials keep no password here: asked for on connect unless the user says they have none.
  // A username belongs to the mode (and the credentials) it was saved with: linked credentials bring theirs.
  const changeMode = (credentialsMode: WsCredentialsMode) => onChange({ credentialsMode, username: '', passwordRequired: credentialsMode === 'EXISTING' });
  const passwordRequiredSwitch = (
    <Switch
      label={intl.formatMessage({ id: 'ws-client.connection.password-required' })}
      checked={values.passwordRequired}
      onChange={(event) => onChange({ passwordRequired: event.currentTarget.checked })}
    />
  );
  return (
    <>
      <RadioGroup
        inline
        label={intl.formatMessage({ id: 'ws-client.connection.credentials-mode' })}
        selectedValue={values.credentialsMode}
        onChange={(event) => changeMode(event.currentTarget.value as WsCredentialsMode)}
      >
        {MODES.map((mode) => (
          <Radio key={mode} value={mode} label={intl.formatMessage({ id: `ws-client.connection.credentials-${mode}` })} />
        ))}
      </RadioGroup>
      {values.credentialsMode === 'AUTO' && (
        <Callout compact intent="primary" data-testid="auto-credentials-note">
          <FormattedMessage id="ws-client.connection.auto-credentials-text" />
          {generatedUsername && (
            <p className="ws-client__generated-username">
              <FormattedMessage id="ws-client.connection.generated-username" values={{ username: generatedUsername, code: (text) => <code>{text}</code> }} />
              <CopyButton text={generatedUsername} size="small" />
            </p>
          )}
        </Callout>
      )}
      {values.credentialsMode === 'EXISTING' && (
        <FormGroup
          label={<FormattedMessage id="ws-client.connection.client-credentials" />}
          labelInfo="*"
          helperText={credentialsError ?? <FormattedMessage id="ws-client.connection.existing-credentials-hint" />}
          intent={credentialsError ? 'danger' : 'none'}
        >
          <ExistingCredentialsPicker value={values.clientCredentialsId} onChange={(clientCredentialsId, userName) => onChange({ clientCredentialsId, username: userName ?? '' })} invalid={Boolean(credentialsError)} />
        </FormGroup>
      )}
      {values.credentialsMode === 'EXISTING' && passwordRequiredSwitch}
      {values.credentialsMode === 'CUSTOM' && (
        <>
          <div className="ws-client__field-row">
            <TextField {...fieldProps('username')} label={<FormattedMessage id="ws-client.connection.username" />} required autoComplete="off" />
            <FormGroup label={<FormattedMessage id="ws-client.connection.password" />} labelFor="ws-connection-password" helperText={passwordError} intent={passwordError ? 'danger' : 'none'}>
              <PasswordInput
                id="ws-connection-password"
                autoComplete="new-password"
                value={values.password}
                disabled={values.passwordRequired}
                onValueChange={(password) => onChange({ password })}
              />
            </FormGroup>
          </div>
          {passwordRequiredSwitch}
        </>
      )}
    </>
  );
}
