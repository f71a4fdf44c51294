import { FormattedMessage } from 'react-intl';
import { TextField } from '../../../../components/form/text-field';
import type { ErrorOf } from '../field-errors';
import type { JwtFormValues } from './jwt-values';
import { JwtVerifierFields } from './jwt-verifier-fields';
import { CLIENT_TYPE_NAMES, ClientTypeField, PairsField, RulesFields } from '../shared-fields';

interface JwtFieldsProps {
  values: JwtFormValues;
  onChange: (changes: Partial<JwtFormValues>) => void;
  errorOf: ErrorOf;
}

/** JWT: the MQTT password carries a signed token; its claims decide who gets in, the client type and the rules. */
export function JwtFields({ values, onChange, errorOf }: JwtFieldsProps) {
  const otherType = values.defaultClientType === 'DEVICE' ? 'APPLICATION' : 'DEVICE';
  const placeholders = <FormattedMessage id="auth-provider.claims-placeholders-hint" values={{ username: '${username}', clientId: '${clientId}' }} />;
  return (
    <>
      <JwtVerifierFields values={values} onChange={onChange} errorOf={errorOf} />
      <h4 className="auth-provider-form__section">
        <FormattedMessage id="auth-provider.claims" />
      </h4>
      <PairsField
        kind="auth-claim"
        label={<FormattedMessage id="auth-provider.auth-claims" />}
        hint={placeholders}
        pairs={values.authClaims}
        onChange={(authClaims) => onChange({ authClaims })}
        error={errorOf('authClaims')}
      />
      <h4 className="auth-provider-form__section">
        <FormattedMessage id="auth-provider.rules" />
      </h4>
      <ClientTypeField id="jwt-default-client-type" value={values.defaultClientType} onChange={(defaultClientType) => onChange({ defaultClientType })} hint={undefined} />
      <PairsField
        kind="type-claim"
        label={<FormattedMessage id="auth-provider.client-type-claims" values={{ other: <FormattedMessage {...CLIENT_TYPE_NAMES[otherType]} /> }} />}
        hint={placeholders}
        pairs={values.clientTypeClaims}
        onChange={(clientTypeClaims) => onChange({ clientTypeClaims })}
        error={errorOf('clientTypeClaims')}
      />
      <RulesFields idPrefix="jwt-rules" rules={values.rules} onChange={(rules) => onChange({ rules })} errorOf={errorOf} />
      <div className="auth-provider-form__row">
        <TextField
          id="jwt-pub-rule-claim"
          label={<FormattedMessage id="auth-provider.pub-rule-claim" />}
          value={values.pubAuthRuleClaim}
          onValueChange={(pubAuthRuleClaim) => onChange({ pubAuthRuleClaim })}
          error={errorOf('pubAuthRuleClaim')}
        />
        <TextField
          id="jwt-sub-rule-claim"
          label={<FormattedMessage id="auth-provider.sub-rule-claim" />}
          value={values.subAuthRuleClaim}
          onValueChange={(subAuthRuleClaim) => onChange({ subAuthRuleClaim })}
          error={errorOf('subAuthRuleClaim')}
        />
      </div>
      <p className="auth-provider-form__hint">
        <FormattedMessage id="auth-provider.rule-claims-hint" />
      </p>
    </>
  );
}
