import { Switch } from '@blueprintjs/core';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { FieldError } from '../../api/api-error-field';
import { bindTextField, type TextFieldName } from '../../components/form/bind-text-field';
import { TextField } from '../../components/form/text-field';
import { CLASS_FIELDS, type SecuritySettingsErrors, type SecuritySettingsField, type SecuritySettingsValues } from './security-settings-values';

interface SecuritySettingsFieldsProps {
  values: SecuritySettingsValues;
  onChange: (changes: Partial<SecuritySettingsValues>) => void;
  errors: SecuritySettingsErrors;
  brokerError?: FieldError<SecuritySettingsField>;
  /** The broker has Starling's sign-in lockout (extension signInLockout). */
  lockout: boolean;
}

type MessageId = NonNullable<MessageDescriptor['id']>;

const CLASS_LABELS: Record<(typeof CLASS_FIELDS)[number], MessageId> = {
  minimumUppercaseLetters: 'admin.minimum-uppercase-letters',
  minimumLowercaseLetters: 'admin.minimum-lowercase-letters',
  minimumDigits: 'admin.minimum-digits',
  minimumSpecialCharacters: 'admin.minimum-special-characters',
};

/** The password policy's fields and, on a broker that has it, the sign-in lockout; each error shows under its field. */
export function SecuritySettingsFields({ values, onChange, errors, brokerError, lockout }: SecuritySettingsFieldsProps) {
  const intl = useIntl();
  const fieldProps = bindTextField('security', values, onChange, { errors, brokerError });
  const classesError = errors.characterClasses;
  const numberField = (field: TextFieldName<SecuritySettingsValues>, label: MessageId, required = false) => (
    <TextField key={field} {...fieldProps(field)} label={intl.formatMessage({ id: label })} type="number" required={required} />
  );

  return (
    <>
      <fieldset className="security-settings__section">
        <legend className="security-settings__legend">
          <FormattedMessage id="admin.password-policy" />
        </legend>
        <div className="security-settings__fields">
          {numberField('minimumLength', 'admin.minimum-length', true)}
          {numberField('maximumLength', 'admin.maximum-length')}
          {CLASS_FIELDS.map((field) => numberField(field, CLASS_LABELS[field]))}
        </div>
        {classesError && (
          <p className="security-settings__error" role="alert">
            <FormattedMessage {...classesError} />
          </p>
        )}
        <div className="security-settings__fields">
          {numberField('passwordExpirationPeriodDays', 'admin.password-expiration-days')}
          {numberField('passwordReuseFrequencyDays', 'admin.password-reuse-days')}
        </div>
        <p className="security-settings__hint">
          <FormattedMessage id="admin.empty-means-no-rule" />
        </p>
        <Switch
          checked={values.allowWhitespaces}
          label={intl.formatMessage({ id: 'admin.allow-whitespaces' })}
          onChange={(event) => onChange({ allowWhitespaces: event.currentTarget.checked })}
        />
        <Switch
          checked={values.forceUserToResetPasswordIfNotValid}
          label={intl.formatMessage({ id: 'admin.force-reset-if-not-valid' })}
          onChange={(event) => onChange({ forceUserToResetPasswordIfNotValid: event.currentTarget.checked })}
        />
        <p className="security-settings__hint">
          <FormattedMessage id="admin.force-reset-if-not-valid-hint" />
        </p>
      </fieldset>
      {lockout && (
        <fieldset className="security-settings__section">
          <legend className="security-settings__legend">
            <FormattedMessage id="admin.sign-in-lockout" />
          </legend>
          <div className="security-settings__fields">
            {numberField('maxFailedSignIns', 'admin.max-failed-sign-ins', true)}
            {numberField('failedSignInWindowSeconds', 'admin.failed-sign-in-window', true)}
          </div>
          <p className="security-settings__hint">
            <FormattedMessage id="admin.sign-in-lockout-hint" />
          </p>
        </fieldset>
      )}
    </>
  );
}
