import type { Duplex } from 'node:stream';
import type { Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import type { MqttBroker } from './mqtt-broker.js';
import type { SessionRegistry } from './session-registry.js';

/** MQTT 5 reason code "Administrative action" (spec section 8: 152). */
export const ADMINISTRATIVE_ACTION = 152;

type ControllableClient = Client & {
  version?: number | null;
  conn: Duplex;
  disconnectReasonCode?: number | null;
};

/**
 * Disconnects a connected client on an administrator's request: MQTT 5 clients receive a
 * DISCONNECT with reason 152, earlier versions have no server DISCONNECT and are closed.
 * Answers false when no such client is connected to this node.
 */
export function disconnectClient(broker: MqttBroker, clientId: string): Promise<boolean> {
  const clients = (broker as MqttBroker & { clients: Record<string, ControllableClient | undefined> }).clients;
  const client = clients[clientId];
  if (!client) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onDisconnect = (gone: Client) => {
      if (gone !== client) return;
      broker.off('clientDisconnect', onDisconnect);
      resolve(true);
    };
    broker.on('clientDisconnect', onDisconnect);
    if (client.version === 5) {
      // Aedes' own disconnect() destroys the socket before the DISCONNECT is flushed; ending the
      // stream sends the packet first and then closes, and Aedes cleans up on the stream's end.
      client.disconnectReasonCode = ADMINISTRATIVE_ACTION;
      client.conn.end(mqttPacket.generate({ cmd: 'disconnect', reasonCode: ADMINISTRATIVE_ACTION }, { protocolVersion: 5 }));
    } else {
      client.close();
    }
  });
}

export type RemoveSessionResult = 'REMOVED' | 'CONNECTED' | 'NOT_FOUND';

/**
 * Removes an offline persistent session: its subscriptions, queued messages and will. A session
 * whose client is connected is refused: disconnect it first.
 */
export function removeSession(broker: MqttBroker, sessions: SessionRegistry, clientId: string): RemoveSessionResult {
  const session = sessions.get(clientId);
  if (session?.connectionState === 'CONNECTED') return 'CONNECTED';
  const stored = broker.persistence.sessions.remove(clientId);
  (broker as MqttBroker & { clearSessionExpiry?: (id: string) => void }).clearSessionExpiry?.(clientId);
  const known = sessions.remove(clientId);
  return stored || known ? 'REMOVED' : 'NOT_FOUND';
}
