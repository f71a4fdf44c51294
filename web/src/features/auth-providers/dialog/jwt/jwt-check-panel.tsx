import { Button, Callout, Card, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../../api/api-error';
import { useCheckJwtAuthProvider } from '../../../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import type { AuthProviderCheckResult } from '../../../../api/generated/model/authProviderCheckResult';
import type { JwtAuthProviderConfiguration } from '../../../../api/generated/model/jwtAuthProviderConfiguration';
import { ClientTypeTag } from '../../../../components/client-type/client-type-tag';
import { ApiErrorCallout } from '../../../../components/form/api-error-callout';
import { TextField } from '../../../../components/form/text-field';
import { type FieldProblem, tooLong } from '../field-checks';
import { FieldGroup, invalidProps } from '../field-group';

interface JwtCheckPanelProps {
  /** The configuration as the form holds it now, saved or not. */
  configuration: JwtAuthProviderConfiguration;
  /** The form passes its checks; a configuration that does not is not sent. */
  configurationValid: boolean;
}

/**
 * "Test a token" (extension authProviderCheck): would a CONNECT with this token as its password be
 * let in under the form's configuration, and with which client type and rules? Nothing is stored.
 */
export function JwtCheckPanel({ configuration, configurationValid }: JwtCheckPanelProps) {
  const intl = useIntl();
  const [token, setToken] = useState('');
  const [clientId, setClientId] = useState('');
  const [username, setUsername] = useState('');
  const check = useCheckJwtAuthProvider<ApiError>({ request: { ignoreErrors: true } });
  // The contract's bounds for JwtCheckRequest: token 8192 characters, client id 1024.
  const tokenProblem = tooLong(token, 8192);
  const clientIdProblem = tooLong(clientId, 1024);
  const problemText = (problem: FieldProblem | undefined) => problem && <FormattedMessage id={problem.id} values={problem.values} />;
  const run = () =>
    check.mutate({ data: { configuration, token: token.trim(), ...(clientId === '' ? {} : { clientId }), ...(username === '' ? {} : { username }) } });
  return (
    <Card className="jwt-check" role="region" aria-label={intl.formatMessage({ id: 'auth-provider.test-token' })}>
      <h4 className="auth-provider-form__section">
        <FormattedMessage id="auth-provider.test-token" />
      </h4>
      <p className="auth-provider-form__hint">
        <FormattedMessage id="auth-provider.test-token-hint" />
      </p>
      <FieldGroup id="jwt-check-token" label={<FormattedMessage id="auth-provider.token" />} error={problemText(tokenProblem)}>
        <TextArea id="jwt-check-token" fill rows={3} className="auth-provider-form__code" value={token} {...invalidProps(problemText(tokenProblem))} onChange={(event) => setToken(event.currentTarget.value)} />
      </FieldGroup>
      <div className="auth-provider-form__row">
        <TextField id="jwt-check-client-id" label={<FormattedMessage id="auth-provider.connect-client-id" />} value={clientId} onValueChange={setClientId} error={problemText(clientIdProblem)} autoComplete="off" />
        <TextField id="jwt-check-username" label={<FormattedMessage id="auth-provider.connect-username" />} value={username} onValueChange={setUsername} autoComplete="off" />
      </div>
      <div className="jwt-check__actions">
        {!configurationValid && (
          <span className="auth-provider-form__hint">
            <FormattedMessage id="auth-provider.test-token-fix-form" />
          </span>
        )}
        <Button intent="primary" variant="outlined" disabled={!configurationValid || token.trim() === '' || tokenProblem !== undefined || clientIdProblem !== undefined} loading={check.isPending} onClick={run}>
          <FormattedMessage id="auth-provider.test" />
        </Button>
      </div>
      <ApiErrorCallout error={check.error} />
      {check.data && <CheckResult result={check.data} />}
    </Card>
  );
}

function CheckResult({ result }: { result: AuthProviderCheckResult }) {
  const rules = result.authRules;
  return (
    <Callout intent={result.allowed ? 'success' : 'danger'} role="status">
      <h5 className="jwt-check__verdict">
        <FormattedMessage id={result.allowed ? 'auth-provider.token-allowed' : 'auth-provider.token-refused'} />
      </h5>
      <p>{result.reason}</p>
      {result.allowed && (
        <dl className="jwt-check__result">
          {result.clientType && (
            <>
              <dt>
                <FormattedMessage id="auth-provider.client-type" />
              </dt>
              <dd>
                <ClientTypeTag clientType={result.clientType} />
              </dd>
            </>
          )}
          {rules && (
            <>
              <dt>
                <FormattedMessage id="mqtt-client-credentials.pub-rules" />
              </dt>
              <dd>{rules.pubAuthRulePatterns?.join(', ') || <FormattedMessage id="auth-provider.no-topic" />}</dd>
              <dt>
                <FormattedMessage id="mqtt-client-credentials.sub-rules" />
              </dt>
              <dd>{rules.subAuthRulePatterns?.join(', ') || <FormattedMessage id="auth-provider.no-topic" />}</dd>
            </>
          )}
          <dt>
            <FormattedMessage id="auth-provider.expires" />
          </dt>
          <dd>{result.expiresAt === undefined ? <FormattedMessage id="auth-provider.never-expires" /> : <FormattedDate value={result.expiresAt} dateStyle="medium" timeStyle="medium" />}</dd>
        </dl>
      )}
    </Callout>
  );
}
