import { FileInput, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../../../components/form/text-field';
import { PasswordInput } from '../../../../components/password-input/password-input';
import type { ErrorOf } from '../field-errors';
import { FieldGroup, invalidProps } from '../field-group';
import type { JwtFormValues, JwtVerifierChoice } from './jwt-values';
import { OutgoingCredentialsFields } from '../outgoing-credentials-fields';
import { PairsField } from '../shared-fields';

interface JwtVerifierFieldsProps {
  values: JwtFormValues;
  onChange: (changes: Partial<JwtFormValues>) => void;
  errorOf: ErrorOf;
}

/** How a token's signature is checked: an HMAC secret, a PEM public key, or a JWKS endpoint's keys. */
export function JwtVerifierFields({ values, onChange, errorOf }: JwtVerifierFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <RadioGroup
        inline
        label={intl.formatMessage({ id: 'auth-provider.verifier' })}
        selectedValue={values.verifier}
        onChange={(event) => onChange({ verifier: event.currentTarget.value as JwtVerifierChoice })}
      >
        <Radio value="HMAC_BASED" label={intl.formatMessage({ id: 'auth-provider.verifier-hmac' })} />
        <Radio value="PEM_KEY" label={intl.formatMessage({ id: 'auth-provider.verifier-pem' })} />
        <Radio value="JWKS" label={intl.formatMessage({ id: 'auth-provider.verifier-jwks' })} />
      </RadioGroup>
      {values.verifier === 'HMAC_BASED' && <SecretField values={values} onChange={onChange} errorOf={errorOf} />}
      {values.verifier === 'PEM_KEY' && <PublicKeyField values={values} onChange={onChange} errorOf={errorOf} />}
      {values.verifier === 'JWKS' && <JwksFields values={values} onChange={onChange} errorOf={errorOf} />}
    </>
  );
}

function SecretField({ values, onChange, errorOf }: JwtVerifierFieldsProps) {
  const error = errorOf('secret');
  return (
    <FieldGroup id="jwt-secret" label={<FormattedMessage id="auth-provider.secret" />} error={error} hint={<FormattedMessage id="auth-provider.secret-hint" />} required>
      <PasswordInput id="jwt-secret" value={values.secret} autoComplete="off" {...invalidProps(error)} onValueChange={(secret) => onChange({ secret })} />
    </FieldGroup>
  );
}

function PublicKeyField({ values, onChange, errorOf }: JwtVerifierFieldsProps) {
  const intl = useIntl();
  const error = errorOf('publicPemKey') ?? errorOf('publicPemKeyFileName');
  const upload = (file: File | undefined) => {
    if (!file) return;
    // FileReader rather than file.text(): it is what every browser the console supports has.
    const reader = new FileReader();
    reader.onload = () => onChange({ publicPemKey: String(reader.result ?? ''), publicPemKeyFileName: file.name });
    reader.readAsText(file);
  };
  return (
    <>
      <FieldGroup id="jwt-public-key" label={<FormattedMessage id="auth-provider.public-key" />} error={error} hint={<FormattedMessage id="auth-provider.public-key-hint" />} required>
        <TextArea
          id="jwt-public-key"
          fill
          rows={6}
          className="auth-provider-form__code"
          value={values.publicPemKey}
          {...invalidProps(error)}
          // A pasted key is no longer the uploaded file.
          onChange={(event) => onChange({ publicPemKey: event.currentTarget.value, publicPemKeyFileName: '' })}
        />
      </FieldGroup>
      <FileInput
        fill
        text={values.publicPemKeyFileName || intl.formatMessage({ id: 'auth-provider.public-key-file' })}
        buttonText={intl.formatMessage({ id: 'auth-provider.browse' })}
        inputProps={{ accept: '.pem,.key,.pub,.crt', 'aria-label': intl.formatMessage({ id: 'auth-provider.public-key-file' }) }}
        onInputChange={(event) => upload(event.currentTarget.files?.[0])}
      />
    </>
  );
}

function JwksFields({ values, onChange, errorOf }: JwtVerifierFieldsProps) {
  return (
    <>
      <div className="auth-provider-form__row">
        <TextField
          id="jwks-endpoint"
          label={<FormattedMessage id="auth-provider.jwks-endpoint" />}
          value={values.endpoint}
          onValueChange={(endpoint) => onChange({ endpoint })}
          error={errorOf('endpoint')}
          placeholder="https://"
          required
        />
        <TextField
          id="jwks-refresh-interval"
          label={<FormattedMessage id="auth-provider.refresh-interval" />}
          type="number"
          value={values.refreshInterval}
          onValueChange={(refreshInterval) => onChange({ refreshInterval })}
          error={errorOf('refreshInterval')}
          required
        />
      </div>
      <PairsField kind="header" label={<FormattedMessage id="auth-provider.headers" />} pairs={values.jwksHeaders} onChange={(jwksHeaders) => onChange({ jwksHeaders })} error={errorOf('headers')} />
      <OutgoingCredentialsFields idPrefix="jwks" values={values.jwksCredentials} onChange={(jwksCredentials) => onChange({ jwksCredentials })} errorOf={errorOf} />
    </>
  );
}
