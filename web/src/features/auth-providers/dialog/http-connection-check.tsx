import { Button, Callout } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useCheckHttpAuthProvider } from '../../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import { httpConfigurationOf, type HttpFormValues } from './http-values';

/**
 * TBMQ's connection check for the HTTP provider: does the service answer at the URL the form holds
 * now (saved or not)? The broker sends it a HEAD request; nothing is stored.
 */
export function HttpConnectionCheck({ values, valid }: { values: HttpFormValues; valid: boolean }) {
  const check = useCheckHttpAuthProvider<ApiError>({ request: { ignoreErrors: true } });
  return (
    <div className="auth-provider-form__check">
      <Button
        icon="exchange"
        disabled={!valid}
        loading={check.isPending}
        onClick={() => check.mutate({ data: { type: 'HTTP', configuration: httpConfigurationOf(values) } })}
      >
        <FormattedMessage id="auth-provider.check-connection" />
      </Button>
      {check.isSuccess && (
        <Callout intent="success" role="status" compact>
          <FormattedMessage id="auth-provider.check-connection-ok" />
        </Callout>
      )}
      {check.error && (
        <Callout intent="danger" role="alert" compact>
          {check.error.message}
        </Callout>
      )}
    </div>
  );
}
