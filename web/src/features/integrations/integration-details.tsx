import { Button, Dialog, DialogBody, HTMLTable, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { EditIcon, RefreshIcon, TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { getGetIntegrationByIdQueryKey, getGetIntegrationsQueryKey, useGetIntegrationById, useRestartIntegration } from '../../api/generated/endpoints/integration/integration';
import type { Integration } from '../../api/generated/model/integration';
import { FieldRows, type FieldRow } from '../../components/details/field-rows';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';
import { IntegrationCharts } from './integration-charts';
import { IntegrationEvents } from './integration-events';
import { IntegrationStatusTag } from './integration-status';
import { ChangeAction } from '../../components/roles/change-action';

interface IntegrationDetailsDialogProps {
  /** The integration shown; closed while null. */
  integrationId: string | null;
  withDelivery: boolean;
  onClose: () => void;
  onEdit: (integration: Integration) => void;
  onDelete: (integration: Integration) => void;
}

/** How often the details ask again: the delivery counters and backlog move while shown. */
const REFRESH_MS = 3000;

/**
 * Configuration, status, delivery counters (Starling's) and events of one integration. A wide dialog
 * rather than a drawer: a drawer here moved Blueprint's Drawer out of the shell into a chunk of its
 * own, which the login route's entry then names (bench: console bundle size).
 */
export function IntegrationDetailsDialog({ integrationId, withDelivery, onClose, onEdit, onDelete }: IntegrationDetailsDialogProps) {
  const intl = useIntl();
  return (
    <Dialog isOpen={integrationId !== null} onClose={onClose} className="integration-details" title={intl.formatMessage({ id: 'integration.details' })}>
      {integrationId !== null && <DetailsBody integrationId={integrationId} withDelivery={withDelivery} onEdit={onEdit} onDelete={onDelete} />}
    </Dialog>
  );
}

function DetailsBody({ integrationId, withDelivery, onEdit, onDelete }: Omit<IntegrationDetailsDialogProps, 'onClose' | 'integrationId'> & { integrationId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const details = useGetIntegrationById(integrationId, { query: { queryKey: getGetIntegrationByIdQueryKey(integrationId), refetchInterval: withDelivery ? REFRESH_MS : false } });
  const restart = useRestartIntegration<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'integration.restarted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetIntegrationByIdQueryKey(integrationId) });
        void queryClient.invalidateQueries({ queryKey: getGetIntegrationsQueryKey() });
      },
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
    },
    request: { ignoreErrors: true },
  });
  const integration = details.data;
  if (!integration) return <Spinner className="integrations-page__loading" />;
  const client = integration.configuration.clientConfiguration;
  const target = integration.type === 'HTTP' ? `${client.requestMethod ?? 'POST'} ${client.restEndpointUrl ?? ''}` : integration.type === 'MQTT' ? `${client.ssl ? 'mqtts' : 'mqtt'}://${client.host ?? ''}:${client.port ?? ''} → ${client.useMsgTopicName ? '${topic}' : (client.topicName ?? '')}` : `${client.bootstrapServers ?? ''} → ${client.topic ?? ''}`;
  const delivery = integration.delivery;
  const rows: FieldRow[] = [
    ['integration.name', integration.name],
    ['integration.type', integration.type],
    ['integration.status', <IntegrationStatusTag key="status" integration={integration} />],
    ['integration.target', <code key="target">{target}</code>],
    ['integration.topic-filters', integration.configuration.topicFilters.join(', ')],
    ['integration.field.sendOnlyMsgPayload', intl.formatMessage({ id: client.sendOnlyMsgPayload ? 'integration.yes' : 'integration.no' })],
  ];
  if (withDelivery && delivery) {
    rows.push(
      ['integration.delivery-state', <FormattedMessage key="state" id={`integration.state.${delivery.state}`} />],
      ['integration.sent', <FormattedNumber key="sent" value={delivery.sent} />],
      ['integration.failed', <FormattedNumber key="failed" value={delivery.failed} />],
      ['integration.retried', <FormattedNumber key="retried" value={delivery.retried} />],
      ['integration.dropped', <span key="dropped" className={delivery.dropped > 0 ? 'bp6-text-danger' : undefined}><FormattedNumber value={delivery.dropped} /></span>],
      ['integration.backlog', <span key="backlog" data-testid="integration-details-backlog"><FormattedMessage id="integration.backlog-value" values={{ messages: delivery.backlogMessages, bytes: delivery.backlogBytes, max: delivery.maxBacklogBytes }} /></span>],
    );
    if (delivery.lastError) {
      rows.push(['integration.last-error', <span key="error" data-testid="integration-details-last-error">{delivery.lastError}{delivery.lastErrorTime !== undefined && <> (<FormattedDate value={delivery.lastErrorTime} dateStyle="medium" timeStyle="medium" />)</>}</span>]);
    }
  }
  return (
    <DialogBody>
      <div data-testid="integration-details">
        <div className="integration-details__actions">
          <ChangeAction>
            <Button icon={<RefreshIcon />} loading={restart.isPending} onClick={() => restart.mutate({ integrationId })} data-testid="integration-restart">
              <FormattedMessage id="integration.restart" />
            </Button>
          </ChangeAction>
          <Button icon={<EditIcon />} onClick={() => onEdit(integration)}>
            <FormattedMessage id="integration.edit" />
          </Button>
          <ChangeAction>
            <Button icon={<TrashIcon />} intent="danger" variant="outlined" onClick={() => onDelete(integration)}>
              <FormattedMessage id="action.delete" />
            </Button>
          </ChangeAction>
        </div>
        <HTMLTable compact className="integration-details__section">
          <tbody>
            <FieldRows rows={rows} />
          </tbody>
        </HTMLTable>
        <DetailsTabs integrationId={integrationId} withCharts={withDelivery} />
      </div>
    </DialogBody>
  );
}

/** The charts need the broker's time series of integrations (Starling's); the events are TBMQ's. */
function DetailsTabs({ integrationId, withCharts }: { integrationId: string; withCharts: boolean }) {
  const [tab, setTab] = useState<'CHARTS' | 'LC_EVENT' | 'ERROR' | 'STATS'>(withCharts ? 'CHARTS' : 'LC_EVENT');
  const intl = useIntl();
  return (
    <Tabs id="integration-events" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)} renderActiveTabPanelOnly>
      {withCharts && <Tab id="CHARTS" title={intl.formatMessage({ id: 'integration.charts' })} panel={<IntegrationCharts integrationId={integrationId} />} />}
      <Tab id="LC_EVENT" title={intl.formatMessage({ id: 'integration.events.lifecycle' })} panel={<IntegrationEvents integrationId={integrationId} eventType="LC_EVENT" />} />
      <Tab id="ERROR" title={intl.formatMessage({ id: 'integration.events.errors' })} panel={<IntegrationEvents integrationId={integrationId} eventType="ERROR" />} />
      <Tab id="STATS" title={intl.formatMessage({ id: 'integration.events.statistics' })} panel={<IntegrationEvents integrationId={integrationId} eventType="STATS" />} />
    </Tabs>
  );
}
