import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetMqttAuthProvidersQueryKey, useGetMqttAuthProviders } from '../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import type { ShortMqttAuthProvider } from '../../api/generated/model/shortMqttAuthProvider';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import type { MessageId } from './dialog/field-checks';
import { ProviderDialog } from './dialog/provider-dialog';
import { providersInOrder } from './list/provider-order';
import { ProvidersTable } from './list/providers-table';
import { useProviderOrder } from './list/use-provider-order';
import { useProviderSwitch } from './list/use-provider-switch';
import './auth-providers-page.css';
import { ChangeAction } from '../../components/roles/change-action';

/** One type each: five providers, so one page holds them all. */
const ALL_PROVIDERS = { pageSize: 100, page: 0 };

/**
 * Authentication → Providers (/authentication/providers, issue 27): how clients prove who they are.
 * The enabled providers judge a CONNECT in the order set here; SCRAM answers clients that ask for it.
 */
export default function AuthProvidersPage() {
  const intl = useIntl();
  const providers = useGetMqttAuthProviders(ALL_PROVIDERS, { query: { queryKey: getGetMqttAuthProvidersQueryKey(ALL_PROVIDERS), refetchOnWindowFocus: false } });
  const order = useProviderOrder();
  const providerSwitch = useProviderSwitch();
  const [editing, setEditing] = useState<ShortMqttAuthProvider | null>(null);
  if (providers.isError) return <NonIdealState icon={<ErrorIcon />} description={providers.error.message} />;
  if (!providers.data || !order.ready) return <Spinner className="auth-providers__loading" />;
  const { ordered, apart } = providersInOrder(providers.data.data, order.order);

  return (
    <div className="auth-providers">
      <ProvidersSection heading="auth-provider.order-heading" hint="auth-provider.order-hint">
        <ApiErrorCallout error={order.error} />
        <ProvidersTable label={intl.formatMessage({ id: 'auth-provider.order-heading' })} providers={ordered} providerSwitch={providerSwitch} onEdit={setEditing} onMove={order.move} />
        <div className="auth-providers__actions">
          <Button variant="minimal" disabled={!order.changed || order.saving} onClick={order.cancel}>
            <FormattedMessage id="action.cancel" />
          </Button>
          <ChangeAction>
            <Button intent="primary" disabled={!order.changed} loading={order.saving} onClick={order.save}>
              <FormattedMessage id="auth-provider.save-order" />
            </Button>
          </ChangeAction>
        </div>
      </ProvidersSection>
      {apart.length > 0 && (
        <ProvidersSection heading="auth-provider.apart-heading" hint="auth-provider.apart-hint">
          <ProvidersTable label={intl.formatMessage({ id: 'auth-provider.apart-heading' })} providers={apart} providerSwitch={providerSwitch} onEdit={setEditing} />
        </ProvidersSection>
      )}
      <ProviderDialog provider={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function ProvidersSection({ heading, hint, children }: { heading: MessageId; hint: MessageId; children: ReactNode }) {
  return (
    <Card className="auth-providers__card">
      <h3 className="auth-providers__heading">
        <FormattedMessage id={heading} />
      </h3>
      <p className="auth-providers__hint">
        <FormattedMessage id={hint} />
      </p>
      {children}
    </Card>
  );
}
