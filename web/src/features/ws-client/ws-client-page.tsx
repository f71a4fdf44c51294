import { NonIdealState } from '@blueprintjs/core';
import { ChatIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { ApiError } from '../../api/api-error';
import { getGetMessageRateQueryKey, useGetMessageRate } from '../../api/generated/endpoints/app/app';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { getMqttClientCredentials } from '../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import { getGetWsConnectionQueryKey, saveWsConnection, useGetWsConnection } from '../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnection } from '../../api/generated/model/wsConnection';
import type { WsSavedMessageConfiguration } from '../../api/generated/model/wsSavedMessageConfiguration';
import type { WsSubscription } from '../../api/generated/model/wsSubscription';
import type { WsSubscriptionConfiguration } from '../../api/generated/model/wsSubscriptionConfiguration';
import { ConnectionsPanel } from './connections/list/connections-panel';
import { InsightsPanel } from './insights/insights-panel';
import { MessagesPanel } from './messages/messages-panel';
import { PublishPanel } from './publish/publish-panel';
import { ConnectionBar } from './session/connection-bar/connection-bar';
import { formatReason, subackReasonMessage } from './session/reason-codes';
import { useSessionState } from './session/use-session';
import { disposeWsSession, getWsSession, peekWsSessionStatus, type WsSession, wsSessionStatuses } from './session/ws-session';
import { SubscriptionsPanel } from './subscriptions/subscriptions-panel';
import { WsClientLayout } from './ws-client-layout';

/** How often the broker's message rate is read, for the warning before subscribing to every topic. */
const MESSAGE_RATE_REFRESH_MS = 10_000;

/**
 * Spec section 2, /ws-client: the built-in web-socket MQTT client. The selected connection is in
 * the address (`?connection=<id>`); its session lives outside the page and outlasts navigation.
 */
export default function WsClientPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('connection');
  const select = useCallback(
    (id: string | null) => setSearchParams(id === null ? {} : { connection: id }, { replace: true }),
    [setSearchParams],
  );
  useSyncExternalStore(wsSessionStatuses.subscribe, wsSessionStatuses.getVersion);
  const selected = useGetWsConnection(selectedId ?? '', { query: { queryKey: getGetWsConnectionQueryKey(selectedId ?? ''), enabled: selectedId !== null } });
  const connection = selectedId === null ? undefined : selected.data;

  return (
    <WsClientLayout
      connections={<ConnectionsPanel selectedId={selectedId} onSelect={select} statusOf={peekWsSessionStatus} onDeleted={(deleted) => void disposeWsSession(deleted.id)} />}
      {...(connection ? connectionPanels(connection) : NO_CONNECTION)}
    />
  );
}

/** Before a connection is selected (or when there is none yet). */
const NO_CONNECTION = {
  bar: undefined,
  subscriptions: undefined,
  publish: undefined,
  messages: <NonIdealState icon={<ChatIcon />} description={<FormattedMessage id="ws-client.layout.no-connection" />} />,
};

function connectionPanels(connection: WsConnection) {
  const session = getWsSession(connection.id);
  return {
    bar: <SelectedConnectionBar key={connection.id} session={session} connection={connection} />,
    subscriptions: <SelectedSubscriptions key={connection.id} session={session} connection={connection} />,
    publish: <SelectedPublish key={connection.id} session={session} connection={connection} />,
    messages: <MessagesPanel key={connection.id} session={session} />,
    insights: <InsightsPanel key={connection.id} session={session} />,
  };
}

/**
 * A connection with generated (AUTO) credentials whose credentials someone deleted on the client
 * credentials page is saved again before connecting: the broker then makes new ones, and Connect
 * works instead of being refused as not authorized.
 */
async function withGeneratedCredentials(connection: WsConnection): Promise<WsConnection> {
  const { configuration } = connection;
  if (configuration.credentialsMode !== 'AUTO') return connection;
  if (configuration.clientCredentialsId) {
    try {
      await getMqttClientCredentials(configuration.clientCredentialsId, { ignoreErrors: true, ignoreLoading: true });
      return connection;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) return connection;
    }
  }
  return saveWsConnection({ id: connection.id, name: connection.name, userId: connection.userId, configuration }, { ignoreLoading: true });
}

interface SelectedProps {
  session: WsSession;
  connection: WsConnection;
}

/** The bar, with the switch to MQTT 3.1.1 a broker refusing MQTT 5 calls for: saved, then connected again. */
function SelectedConnectionBar({ session, connection }: SelectedProps) {
  const queryClient = useQueryClient();
  const switchToMqtt311 = async () => {
    const saved = await saveWsConnection({ id: connection.id, name: connection.name, userId: connection.userId, configuration: { ...connection.configuration, mqttVersion: 4 } });
    remember(saved);
    await session.connect(saved);
  };
  const remember = (saved: WsConnection) => {
    queryClient.setQueryData(getGetWsConnectionQueryKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: ['/api/ws/connection'] });
  };
  return (
    <ConnectionBar
      session={session}
      connection={connection}
      onUseMqtt311={() => void switchToMqtt311()}
      prepare={async (current) => {
        const ready = await withGeneratedCredentials(current);
        if (ready !== current) remember(ready);
        return ready;
      }}
    />
  );
}

function SelectedSubscriptions({ session, connection }: SelectedProps) {
  const intl = useIntl();
  const { status, refusals } = useSessionState(session);
  const refusalTexts = useMemo(() => new Map([...refusals].map(([topicFilter, code]) => [topicFilter, formatReason(intl, subackReasonMessage(code))])), [refusals, intl]);
  // Starling's own call (x-starling-extension: messageRate); without it the rate is not known.
  const rateKnown = useExtension('messageRate') === 'available';
  const rate = useGetMessageRate({ query: { queryKey: getGetMessageRateQueryKey(), refetchInterval: MESSAGE_RATE_REFRESH_MS, enabled: rateKnown } });
  const subscribe = async (config: WsSubscriptionConfiguration) => {
    const { reasonCode } = await session.subscribe(config);
    // SUBACK codes 128 and up refuse the subscription: the panel shows why.
    if (reasonCode >= 0x80) throw new Error(formatReason(intl, subackReasonMessage(reasonCode)));
  };
  const coloured = useCallback((subscriptions: WsSubscription[]) => session.setSubscriptions(subscriptions.map((item) => item.configuration)), [session]);
  return (
    <SubscriptionsPanel
      connection={connection}
      connected={status === 'CONNECTED'}
      brokerMessageRate={rateKnown ? (rate.data?.incomingPerSecond ?? null) : null}
      onSubscribe={subscribe}
      onUnsubscribe={(topicFilter) => session.unsubscribe(topicFilter)}
      refusals={refusalTexts}
      onSubscriptionsChange={coloured}
    />
  );
}

function SelectedPublish({ session, connection }: SelectedProps) {
  const { status } = useSessionState(session);
  const publish = (message: WsSavedMessageConfiguration) => session.publish(message);
  return <PublishPanel connection={connection} connected={status === 'CONNECTED'} onPublish={publish} />;
}
