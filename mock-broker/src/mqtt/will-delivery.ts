import type { AedesPublishPacket, Client } from 'aedes';
import type { MqttBroker } from './mqtt-broker.js';

/** A will as Aedes keeps it: the CONNECT's will, whose properties may hold a Will Delay Interval. */
export type StoredWill = AedesPublishPacket & {
  properties?: AedesPublishPacket['properties'] & { willDelayInterval?: number };
};

type WillBroker = MqttBroker & {
  publishWill(client: Client, will: StoredWill): void;
  scheduleWill(client: Client, will: StoredWill, delaySeconds: number): void;
  clearDelayedWill(clientId: string): void;
  delayedWills: Map<string, unknown>;
  /** Called once authentication has let a connection in, before it takes over the client id's session. */
  registerClient(client: Client): void;
  /** Aedes' publish on behalf of a client (for No Local, as Aedes publishes a will). */
  publish(packet: AedesPublishPacket, client: Client, done: (error?: Error) => void): void;
};

/** Aedes' note of a CONNECT's Clean Start (its `clean` says whether the session outlives the connection). */
type ConnectingClient = Client & { _cleanStart?: boolean };

/**
 * The Will Delay Interval is a property of CONNECT (MQTT 5 section 3.1.3.2.2), not of the will's
 * PUBLISH, where a strict client takes it for a malformed packet.
 */
export function withoutWillDelay(will: StoredWill): StoredWill {
  if (will.properties?.willDelayInterval === undefined) return will;
  const { willDelayInterval: _delay, ...properties } = will.properties;
  return { ...will, properties } as StoredWill;
}

/**
 * How wills leave the broker (MQTT 5 section 3.1.2.5): without the Will Delay Interval, and a
 * delayed will at once when its client returns with Clean Start, since that ends the session
 * the will was waiting on (3.1.3.2.2). Only a connection that authentication lets in returns:
 * a refused CONNECT with the same client id leaves the session and its will as they were
 * (the takeover of 3.1.4 comes after authentication).
 */
export function installWillDelivery(broker: MqttBroker): void {
  const wills = broker as WillBroker;
  const waiting = new Map<string, { client: Client; will: StoredWill }>();

  const publishWill = wills.publishWill.bind(wills);
  wills.publishWill = (client, will) => {
    if (waiting.get(client.id)?.client === client) waiting.delete(client.id);
    publishWill(client, withoutWillDelay(will));
  };
  const scheduleWill = wills.scheduleWill.bind(wills);
  wills.scheduleWill = (client, will, delaySeconds) => {
    scheduleWill(client, will, delaySeconds);
    if (wills.delayedWills.has(client.id)) waiting.set(client.id, { client, will });
  };
  const clearDelayedWill = wills.clearDelayedWill.bind(wills);
  wills.clearDelayedWill = (clientId) => {
    waiting.delete(clientId);
    clearDelayedWill(clientId);
  };

  const registerClient = wills.registerClient.bind(wills);
  wills.registerClient = (client: ConnectingClient) => {
    const pending = waiting.get(client.id);
    if (pending && pending.client !== client && client._cleanStart === true) {
      wills.clearDelayedWill(client.id);
      // Published as Aedes publishes a will, but the stored will is left alone: by now it is the
      // new connection's (Aedes stores it before registering the client).
      wills.authorizePublish(pending.client, pending.will, (error) => {
        if (!error) wills.publish(withoutWillDelay(pending.will), pending.client, () => {});
      });
    }
    registerClient(client);
  };
}
