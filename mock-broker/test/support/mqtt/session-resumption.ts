import type { IPublishPacket, Packet } from 'mqtt-packet';
import { expect } from 'vitest';
import type { RawClients, RawMqttClient } from './raw-mqtt-client.js';
import { WAIT_MS } from '../checks/waits.js';

/** Long enough to outlive any test, short of "never expires" (MQTT 5 section 3.1.2.11.2). */
export const LONG_SESSION = 99999;
/**
 * A queued message must arrive within this, however busy the machine: the common wait, which a run
 * with both cores kept busy by other work needed (10 s was once not enough for a PUBACK).
 */
export const DELIVERY_DEADLINE_MS = WAIT_MS;

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

/** When a message with a Message Expiry Interval was published, and when it came back to its subscriber. */
export interface ExpiryTimes {
  /** Before the PUBLISH was sent, and after the broker acknowledged it. */
  publishedAt: number;
  acknowledgedAt: number;
  /** Before the subscriber reconnected, and after the message arrived. */
  reconnectedAt: number;
  receivedAt: number;
}

/**
 * MQTT 5 section 3.3.2.3.3: the interval sent on is "the received value minus the time that the
 * message has been waiting", rounded up to whole seconds; the bounds come from the events around it.
 */
export function expectExpiryLeft(packet: IPublishPacket | undefined, published: number, times: ExpiryTimes): void {
  const left = packet?.properties?.messageExpiryInterval ?? 0;
  expect(left).toBeGreaterThanOrEqual(Math.floor((times.publishedAt + published * 1000 - times.receivedAt) / 1000));
  expect(left).toBeLessThanOrEqual(Math.ceil((times.acknowledgedAt + published * 1000 - times.reconnectedAt) / 1000));
  expect(left).toBeLessThan(published);
}

/** The packet ids of three deliveries left unfinished: a QoS 1 and a QoS 2 PUBLISH unanswered, a QoS 2 one at PUBREL. */
export interface UnfinishedDeliveries {
  qos1: number;
  qos2Unanswered: number;
  qos2Released: number;
}

/**
 * A persistent session subscribed at QoS 2 gets three messages and leaves them unfinished: no
 * PUBACK for the QoS 1 one, nothing for the first QoS 2 one, PUBREC (and a PUBREL back) for the second.
 */
export async function leaveUnfinishedDeliveries(raw: RawClients, clientId: string): Promise<UnfinishedDeliveries> {
  const { client } = await raw.connect({ clientId, clean: true, properties: { sessionExpiryInterval: LONG_SESSION } });
  await client.subscribe(`${clientId}/+`, { qos: 2 });
  const { client: publisher } = await raw.connect({});
  await publishAll(publisher, [
    { topic: `${clientId}/a`, payload: 'qos1', qos: 1 },
    { topic: `${clientId}/b`, payload: 'qos2-unanswered', qos: 2 },
    { topic: `${clientId}/c`, payload: 'qos2-released', qos: 2 },
  ]);
  const sent = await nextPublishes(client, 3);
  expect(payloads(sent)).toEqual(['qos1', 'qos2-unanswered', 'qos2-released']);
  const [qos1, unanswered, released] = sent.map((packet) => packet.messageId as number) as [number, number, number];
  client.send({ cmd: 'pubrec', messageId: released });
  expect(await client.next('pubrel', DELIVERY_DEADLINE_MS)).toMatchObject({ messageId: released });
  return { qos1, qos2Unanswered: unanswered, qos2Released: released };
}

/**
 * [MQTT-4.4.0-1]: on resumption the unacknowledged PUBLISHes come again with their original packet
 * ids and ([MQTT-3.3.1-1]) DUP 1, and the PUBREL of the flow that had its PUBREC; 4.6: in the
 * order of the original PUBLISHes. Answers with the resent packets.
 */
export async function expectResent(client: RawMqttClient, unfinished: UnfinishedDeliveries): Promise<Packet[]> {
  const resent: Packet[] = [];
  for (let index = 0; index < 3; index += 1) resent.push(await client.next(undefined, DELIVERY_DEADLINE_MS));
  expect(resent.map((packet) => [packet.cmd, 'messageId' in packet ? packet.messageId : undefined, packet.cmd === 'publish' ? [packet.dup, packet.payload.toString()] : undefined])).toEqual([
    ['publish', unfinished.qos1, [true, 'qos1']],
    ['publish', unfinished.qos2Unanswered, [true, 'qos2-unanswered']],
    ['pubrel', unfinished.qos2Released, undefined],
  ]);
  return resent;
}
