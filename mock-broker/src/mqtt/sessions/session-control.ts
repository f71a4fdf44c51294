import type { Client } from 'aedes';
import type { MqttBroker } from '../mqtt-broker.js';
import type { SessionRegistry } from './session-registry.js';

/** MQTT 5 reason code "Administrative action" (spec section 8: 152). */
export const ADMINISTRATIVE_ACTION = 152;

type ControllableClient = Omit<Client, 'disconnectReasonCode'> & { disconnectReasonCode: number | null };

type ConnectedClients = Record<string, ControllableClient | undefined>;

/**
 * Disconnects a connected client on an administrator's request: MQTT 5 clients receive a
 * DISCONNECT with reason 152, earlier versions have no server DISCONNECT and are closed.
 * Answers false when no such client is connected to this node.
 */
export async function disconnectClient(broker: MqttBroker, clientId: string): Promise<boolean> {
  return (await disconnectClients(broker, [clientId])) === 1;
}

/**
 * Disconnects the connected clients among `clientIds` (see disconnectClient) and answers how many
 * were. One listener waits for all of them, so a bulk action on thousands of clients does not
 * pile up listeners on the broker.
 */
export function disconnectClients(broker: MqttBroker, clientIds: Iterable<string>): Promise<number> {
  const clients = (broker as MqttBroker & { clients: ConnectedClients }).clients;
  const targets = new Set<Client>();
  for (const clientId of clientIds) {
    const client = clients[clientId];
    if (client) targets.add(client);
  }
  const count = targets.size;
  if (count === 0) return Promise.resolve(0);
  return new Promise((resolve) => {
    const onDisconnect = (gone: Client) => {
      if (!targets.delete(gone) || targets.size > 0) return;
      broker.off('clientDisconnect', onDisconnect);
      resolve(count);
    };
    broker.on('clientDisconnect', onDisconnect);
    for (const client of [...targets] as ControllableClient[]) close(client);
  });
}

function close(client: ControllableClient, reasonCode = ADMINISTRATIVE_ACTION): void {
  // The event log reads this to tell an administrator's disconnect from a lost connection, for
  // every protocol version (Aedes sends it to MQTT 5 clients only).
  client.disconnectReasonCode = reasonCode;
  // MQTT 5 clients get the DISCONNECT and time to read it (graceful-disconnect.ts); earlier
  // versions have no server DISCONNECT and are closed.
  client.disconnect({ reasonCode });
}

/** MQTT 5 reason code "Maximum connect time" (section 3.14.2.1: 0xA0): the proof the client connected with ran out. */
export const MAXIMUM_CONNECT_TIME = 0xa0;

/** Ends one connection with a reason code, when it is still connected. */
export function endConnection(client: Client, reasonCode: number): void {
  if (!(client as Client & { closed?: boolean }).closed) close(client as unknown as ControllableClient, reasonCode);
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
