import { FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../../components/form/text-field';
import type { MessageId } from './field-checks';
import type { ErrorOf } from './field-errors';
import { FieldGroup, invalidProps } from './field-group';
import { HttpConnectionCheck } from './http-connection-check';
import { HTTP_FALLBACKS, type HttpFallback, type HttpFormValues, type HttpMethod, HTTP_METHODS, httpProblems } from './http-values';
import { OutgoingCredentialsFields } from './outgoing-credentials-fields';
import { ClientTypeField, PairsField, RulesFields } from './shared-fields';

/** The service's limits, each a whole number. */
const NUMBER_FIELDS: { name: 'readTimeoutMs' | 'maxParallelRequestsCount' | 'maxInMemoryBufferSizeInKb'; label: MessageId }[] = [
  { name: 'readTimeoutMs', label: 'auth-provider.read-timeout' },
  { name: 'maxParallelRequestsCount', label: 'auth-provider.max-parallel-requests' },
  { name: 'maxInMemoryBufferSizeInKb', label: 'auth-provider.max-response-size' },
];

interface HttpFieldsProps {
  values: HttpFormValues;
  onChange: (changes: Partial<HttpFormValues>) => void;
  errorOf: ErrorOf;
}

/** HTTP: an outside service is asked about each CONNECT; its answer lets the client in or not. */
export function HttpFields({ values, onChange, errorOf }: HttpFieldsProps) {
  const bodyError = errorOf('requestBody');
  return (
    <>
      <div className="auth-provider-form__row auth-provider-form__row--url">
        <TextField
          id="http-url"
          label={<FormattedMessage id="auth-provider.endpoint-url" />}
          value={values.restEndpointUrl}
          onValueChange={(restEndpointUrl) => onChange({ restEndpointUrl })}
          error={errorOf('restEndpointUrl')}
          placeholder="https://"
          required
        />
        <FormGroup label={<FormattedMessage id="auth-provider.request-method" />} labelFor="http-method">
          <HTMLSelect id="http-method" value={values.requestMethod} options={[...HTTP_METHODS]} onChange={(event) => onChange({ requestMethod: event.currentTarget.value as HttpMethod })} />
        </FormGroup>
      </div>
      <PairsField kind="header" label={<FormattedMessage id="auth-provider.headers" />} pairs={values.headers} onChange={(headers) => onChange({ headers })} error={errorOf('headers')} />
      <FieldGroup
        id="http-body"
        label={<FormattedMessage id="auth-provider.request-body" />}
        error={bodyError}
        hint={<FormattedMessage id="auth-provider.request-body-hint" values={{ clientId: '${clientId}', username: '${username}', password: '${password}' }} />}
      >
        <TextArea id="http-body" fill rows={5} className="auth-provider-form__code" value={values.requestBody} {...invalidProps(bodyError)} onChange={(event) => onChange({ requestBody: event.currentTarget.value })} />
      </FieldGroup>
      <div className="auth-provider-form__row">
        {NUMBER_FIELDS.map(({ name, label }) => (
          <TextField
            key={name}
            id={`http-${name}`}
            label={<FormattedMessage id={label} />}
            type="number"
            value={values[name]}
            onValueChange={(text) => onChange({ [name]: text })}
            error={errorOf(name)}
            required
          />
        ))}
      </div>
      <OutgoingCredentialsFields idPrefix="http" values={values.credentials} onChange={(credentials) => onChange({ credentials })} errorOf={errorOf} />
      <HttpConnectionCheck values={values} valid={Object.keys(httpProblems(values)).length === 0} />
      {values.cache && <CacheFields cache={values.cache} onChange={(cache) => onChange({ cache })} errorOf={errorOf} />}
      <h4 className="auth-provider-form__section">
        <FormattedMessage id="auth-provider.rules" />
      </h4>
      <ClientTypeField
        id="http-default-client-type"
        value={values.defaultClientType}
        onChange={(defaultClientType) => onChange({ defaultClientType })}
        hint={<FormattedMessage id="auth-provider.http-client-type-hint" />}
      />
      <RulesFields idPrefix="http-rules" rules={values.rules} onChange={(rules) => onChange({ rules })} errorOf={errorOf} />
    </>
  );
}

const FALLBACK_LABELS: Record<HttpFallback, MessageId> = {
  SKIP: 'auth-provider.fallback-skip',
  REFUSE: 'auth-provider.fallback-refuse',
  ALLOW: 'auth-provider.fallback-allow',
};

/** Starling's answer cache and what a CONNECT gets while the service is down (extension httpAuthCache). */
function CacheFields({ cache, onChange, errorOf }: { cache: NonNullable<HttpFormValues['cache']>; onChange: (cache: NonNullable<HttpFormValues['cache']>) => void; errorOf: ErrorOf }) {
  const intl = useIntl();
  return (
    <>
    <div className="auth-provider-form__row">
      <TextField
        id="http-cache-ttl"
        label={<FormattedMessage id="auth-provider.cache-ttl" />}
        type="number"
        value={cache.cacheTtlSeconds}
        onValueChange={(cacheTtlSeconds) => onChange({ ...cache, cacheTtlSeconds })}
        error={errorOf('cacheTtlSeconds')}
      />
      <FormGroup label={<FormattedMessage id="auth-provider.fallback" />} labelFor="http-fallback">
        <HTMLSelect
          id="http-fallback"
          value={cache.fallback}
          options={HTTP_FALLBACKS.map((fallback) => ({ value: fallback, label: intl.formatMessage({ id: FALLBACK_LABELS[fallback] }) }))}
          onChange={(event) => onChange({ ...cache, fallback: event.currentTarget.value as HttpFallback })}
        />
      </FormGroup>
    </div>
    <p className="auth-provider-form__hint">
      <FormattedMessage id="auth-provider.cache-ttl-hint" />
    </p>
    </>
  );
}
