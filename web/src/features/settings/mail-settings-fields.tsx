import { FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { FieldError } from '../../api/api-error-field';
import { MailSettingsSmtpProtocol } from '../../api/generated/model/mailSettingsSmtpProtocol';
import { MailSettingsTlsVersion } from '../../api/generated/model/mailSettingsTlsVersion';
import { bindTextField } from '../../components/form/bind-text-field';
import { TextField } from '../../components/form/text-field';
import { PasswordField } from '../../components/form/password-field';
import { type MailSettingsField, type MailSettingsValues, usesTls } from './mail-settings-values';

interface MailSettingsFieldsProps {
  values: MailSettingsValues;
  onChange: (changes: Partial<MailSettingsValues>) => void;
  errors: Partial<Record<MailSettingsField, MessageDescriptor>>;
  brokerError?: FieldError<MailSettingsField>;
  /** The broker holds a password (it never answers it) and would use it with these values. */
  storedPasswordApplies: boolean;
}

/** The outgoing mail server's fields; each error shows under its field. */
export function MailSettingsFields({ values, onChange, errors, brokerError, storedPasswordApplies }: MailSettingsFieldsProps) {
  const intl = useIntl();
  const fieldProps = bindTextField('mail', values, onChange, { errors, brokerError });

  return (
    <div className="mail-settings__fields">
      <TextField {...fieldProps('mailFrom')} label={<FormattedMessage id="admin.mail-from" />} required />
      <FormGroup label={<FormattedMessage id="admin.smtp-protocol" />} labelFor="mail-smtpProtocol">
        <HTMLSelect
          id="mail-smtpProtocol"
          value={values.smtpProtocol}
          fill
          onChange={(event) => onChange({ smtpProtocol: event.target.value as MailSettingsSmtpProtocol })}
        >
          {Object.values(MailSettingsSmtpProtocol).map((protocol) => (
            <option key={protocol} value={protocol}>
              {protocol.toUpperCase()}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <TextField {...fieldProps('smtpHost')} label={<FormattedMessage id="admin.smtp-host" />} required />
      <TextField {...fieldProps('smtpPort')} label={<FormattedMessage id="admin.smtp-port" />} type="number" required />
      <TextField {...fieldProps('timeout')} label={<FormattedMessage id="admin.timeout-msec" />} type="number" required />
      {/* STARTTLS is a choice only on plain SMTP; SMTPS always speaks TLS. */}
      {values.smtpProtocol === 'smtp' && (
        <Switch
          className="mail-settings__tls"
          checked={values.enableTls}
          label={intl.formatMessage({ id: 'admin.enable-tls' })}
          onChange={(event) => onChange({ enableTls: event.currentTarget.checked })}
        />
      )}
      {usesTls(values) && (
        <FormGroup label={<FormattedMessage id="admin.tls-version" />} labelFor="mail-tlsVersion">
          <HTMLSelect
            id="mail-tlsVersion"
            value={values.tlsVersion}
            fill
            onChange={(event) => onChange({ tlsVersion: event.target.value as MailSettingsValues['tlsVersion'] })}
          >
            <option value="">{intl.formatMessage({ id: 'admin.tls-version-default' })}</option>
            {Object.values(MailSettingsTlsVersion).map((version) => (
              <option key={version} value={version}>
                {version}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      )}
      <TextField {...fieldProps('username')} label={<FormattedMessage id="common.username" />} autoComplete="off" />
      <PasswordField
        {...fieldProps('password')}
        label={<FormattedMessage id="common.password" />}
        autoComplete="new-password"
        // The stored password is never sent back: an empty field keeps it, for the same server.
        placeholder={storedPasswordApplies ? intl.formatMessage({ id: 'admin.password-unchanged' }) : undefined}
      />
    </div>
  );
}
