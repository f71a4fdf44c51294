import { Button, NonIdealState, Tag } from '@blueprintjs/core';
import { ChatIcon, PowerIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { getGetWsConnectionQueryKey, useGetWsConnection } from '../../api/generated/endpoints/ws-client/ws-client';
import type { WsConnection } from '../../api/generated/model/wsConnection';
import type { ConnectionStatus } from './connection-status';
import { ConnectionsPanel } from './connections/connections-panel';
import { PublishPanel } from './publish/publish-panel';
import { SubscriptionsPanel } from './subscriptions/subscriptions-panel';
import { WsClientLayout } from './ws-client-layout';

// Until the session engine is wired in, nothing connects: every connection reads as disconnected.
const notConnected = (): ConnectionStatus | undefined => undefined;
const notWired = async (): Promise<void> => undefined;

/** Spec section 2, /ws-client: the built-in web-socket MQTT client. */
export default function WsClientPage() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = useGetWsConnection(selectedId ?? '', { query: { queryKey: getGetWsConnectionQueryKey(selectedId ?? ''), enabled: selectedId !== null } });
  const connection = selectedId === null ? undefined : selected.data;
  return (
    <WsClientLayout
      connections={<ConnectionsPanel selectedId={selectedId} onSelect={setSelectedId} statusOf={notConnected} />}
      bar={connection && <ConnectionBar connection={connection} />}
      subscriptions={connection && <SubscriptionsPanel connection={connection} connected={false} brokerMessageRate={null} onSubscribe={notWired} onUnsubscribe={notWired} />}
      publish={connection && <PublishPanel connection={connection} connected={false} onPublish={notWired} />}
      messages={<NonIdealState icon={<ChatIcon />} description={<FormattedMessage id="ws-client.layout.no-messages" />} />}
    />
  );
}

/** The selected connection's name and URL; Connect waits for the session engine. */
function ConnectionBar({ connection }: { connection: WsConnection }) {
  return (
    <div className="ws-client__panel-header" data-testid="ws-connection-bar">
      <span>
        {connection.name} <Tag minimal>{connection.configuration.url}</Tag>
      </span>
      <span className="ws-client__publish-actions">
        <span className="ws-client__muted">
          <FormattedMessage id="ws-client.not-connected" />
        </span>
        <Button intent="success" icon={<PowerIcon />} disabled>
          <FormattedMessage id="ws-client.connection.connect" />
        </Button>
      </span>
    </div>
  );
}
