import { Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BasicAuthStrategy } from '../../../api/generated/model/basicAuthStrategy';
import type { MessageId } from './field-checks';
import type { ErrorOf } from './field-errors';
import { FieldGroup } from './field-group';
import type { BasicFormValues, X509FormValues } from './provider-form-values';

const STRATEGIES: { value: BasicAuthStrategy; label: MessageId; explanation: MessageId }[] = [
  { value: 'CLIENT_ID_AND_USERNAME', label: 'auth-provider.strategy-both', explanation: 'auth-provider.strategy-both-hint' },
  { value: 'CLIENT_ID', label: 'auth-provider.strategy-client-id', explanation: 'auth-provider.strategy-client-id-hint' },
  { value: 'USERNAME', label: 'auth-provider.strategy-username', explanation: 'auth-provider.strategy-username-hint' },
];

/** MQTT_BASIC: which client credentials may let a client in (openapi.yaml BasicAuthStrategy). */
export function BasicFields({ values, onChange, errorOf }: { values: BasicFormValues; onChange: (changes: Partial<BasicFormValues>) => void; errorOf: ErrorOf }) {
  const intl = useIntl();
  const error = errorOf('authStrategy');
  return (
    <FieldGroup error={error}>
      <RadioGroup
        label={intl.formatMessage({ id: 'auth-provider.auth-strategy' })}
        selectedValue={values.authStrategy}
        onChange={(event) => onChange({ authStrategy: event.currentTarget.value as BasicAuthStrategy })}
      >
        {STRATEGIES.map((strategy) => (
          <Radio key={strategy.value} value={strategy.value} labelElement={<ChoiceLabel label={strategy.label} explanation={strategy.explanation} />} />
        ))}
      </RadioGroup>
    </FieldGroup>
  );
}

/** A choice's name with a sentence on what it does under it. */
export function ChoiceLabel({ label, explanation }: { label: MessageId; explanation: MessageId }) {
  return (
    <span className="auth-provider-form__choice">
      <FormattedMessage id={label} />
      <span className="auth-provider-form__hint">
        <FormattedMessage id={explanation} />
      </span>
    </span>
  );
}

/** X_509: whether expired certificates pass, and whether a TLS client must present one. */
export function X509Fields({ values, onChange, errorOf }: { values: X509FormValues; onChange: (changes: Partial<X509FormValues>) => void; errorOf: ErrorOf }) {
  const intl = useIntl();
  const error = errorOf('clientAuthType');
  return (
    <>
      <Switch
        checked={values.skipValidityCheckForClientCert}
        onChange={(event) => onChange({ skipValidityCheckForClientCert: event.currentTarget.checked })}
        labelElement={<ChoiceLabel label="auth-provider.skip-validity-check" explanation="auth-provider.skip-validity-check-hint" />}
      />
      <FieldGroup error={error}>
        <RadioGroup
          label={intl.formatMessage({ id: 'auth-provider.client-auth-type' })}
          selectedValue={values.clientAuthType}
          onChange={(event) => onChange({ clientAuthType: event.currentTarget.value as X509FormValues['clientAuthType'] })}
        >
          <Radio value="CLIENT_AUTH_REQUESTED" labelElement={<ChoiceLabel label="auth-provider.client-auth-requested" explanation="auth-provider.client-auth-requested-hint" />} />
          <Radio value="CLIENT_AUTH_REQUIRED" labelElement={<ChoiceLabel label="auth-provider.client-auth-required" explanation="auth-provider.client-auth-required-hint" />} />
        </RadioGroup>
      </FieldGroup>
    </>
  );
}
