import type { AedesPublishPacket, Client, ConnectPacket } from 'aedes';
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
};

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
 * the will was waiting on.
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

  const preConnect = broker.preConnect.bind(broker);
  broker.preConnect = (client: Client, packet: ConnectPacket, callback) => {
    const pending = packet.clean && packet.clientId ? waiting.get(packet.clientId) : undefined;
    if (pending) {
      clearDelayedWill(packet.clientId);
      waiting.delete(packet.clientId);
      wills.publishWill(pending.client, pending.will);
    }
    preConnect(client, packet, callback);
  };
}
