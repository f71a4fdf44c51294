import type { IPublishPacket } from 'mqtt-packet';
import type { RawClients, RawMqttClient } from './raw-mqtt-client.js';

/** Long enough to outlive any test, short of "never expires" (MQTT 5 section 3.1.2.11.2). */
export const LONG_SESSION = 99999;
/** A queued message must arrive within this, however busy the machine. */
export const DELIVERY_DEADLINE_MS = 10_000;

export const payloads = (packets: { payload: Buffer | string }[]) => packets.map((packet) => packet.payload.toString());

/**
 * Opens a session that outlives its connection (Clean Start 1, a long Session Expiry Interval),
 * subscribes to `filter` and disconnects normally, so what is published next waits in the session.
 */
export async function leaveSubscribedSession(raw: RawClients, clientId: string, filter: string, qos: 1 | 2 = 2): Promise<void> {
  const { client } = await raw.connect({ clientId, clean: true, properties: { sessionExpiryInterval: LONG_SESSION } });
  await client.subscribe(filter, { qos });
  client.disconnect();
  await client.waitClosed(DELIVERY_DEADLINE_MS);
}

export interface Publication {
  topic: string;
  payload: string;
  qos: 1 | 2;
  messageExpiryInterval?: number;
}

/**
 * Publishes each message and waits for the broker to acknowledge them all (PUBACK or PUBREC):
 * from then on they are the broker's to deliver.
 */
export async function publishAll(publisher: RawMqttClient, publications: Publication[], firstMessageId = 1): Promise<void> {
  publications.forEach(({ topic, payload, qos, messageExpiryInterval }, index) => {
    const properties = messageExpiryInterval === undefined ? {} : { properties: { messageExpiryInterval } };
    publisher.publish(topic, payload, { qos, messageId: firstMessageId + index, ...properties });
  });
  for (const { qos } of publications) await publisher.next(qos === 1 ? 'puback' : 'pubrec', DELIVERY_DEADLINE_MS);
}

export async function nextPublishes(client: RawMqttClient, count: number): Promise<IPublishPacket[]> {
  const packets: IPublishPacket[] = [];
  for (let index = 0; index < count; index += 1) packets.push(await client.nextPublish(DELIVERY_DEADLINE_MS));
  return packets;
}

/** Waits until `ms` have passed since `since` (for tests where the passing of time is the point). */
export async function waitUntil(since: number, ms: number): Promise<void> {
  const left = since + ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
