// The packets a member of an application shared subscription sends: built from a Kafka record and
// written straight to the connection, through the node's outgoing hooks but not its session store.
import type { Client } from 'aedes';
import mqttPacket from 'mqtt-packet';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { topicMatches } from '../mqtt/topic-filter.js';
import { decodeKafkaMessage, type KafkaMessage } from './app-shared-subscription.js';
import { topicNameOf } from './carried-properties.js';

export type MemberClient = Client & {
  _nextId: number;
  version?: number;
  receiveMaximum?: number;
  conn: NodeJS.WritableStream & { writableNeedDrain?: boolean };
  connected?: boolean;
  subscriptions: Record<string, { qos: number; rap?: boolean; si?: number } | undefined>;
};
type Send = (client: Client, packet: object, done: (error?: Error | null) => void) => void;
type OutgoingHook = (client: Client, packet: object, done: (error?: Error | null) => void, send: Send) => void;

/** How the client subscribed, as Aedes keeps it. */
export type MemberSubscription = NonNullable<MemberClient['subscriptions'][string]>;

export interface PublishPacket {
  cmd: 'publish';
  topic: string;
  payload: Buffer;
  qos: 0 | 1 | 2;
  retain: boolean;
  dup: false;
  messageId?: number;
  properties?: Record<string, unknown>;
}

/**
 * The message of a record and its topic, or undefined: whoever may write to the Kafka topic
 * decides what a record holds, so only a value in this node's format under a key that is a valid
 * topic name the subscription's filter matches makes a PUBLISH.
 */
export function recordMessage(record: { key?: Buffer | null; value?: Buffer | null }, topicFilter: string): { topic: string; message: KafkaMessage } | undefined {
  const message = decodeKafkaMessage(record.value ?? undefined);
  const topic = topicNameOf(record.key);
  if (!message || topic === undefined || !topicMatches(topicFilter, topic)) return undefined;
  return { topic, message };
}

/** The PUBLISH of a message from Kafka: the lower of both QoS, retain only as published, the subscription's identifier. */
export function publishPacketOf(client: MemberClient, subscription: MemberSubscription, topic: string, message: KafkaMessage): PublishPacket {
  const properties: Record<string, unknown> = { ...message.properties };
  if (subscription.si !== undefined) properties.subscriptionIdentifier = subscription.si;
  const packet: PublishPacket = {
    cmd: 'publish',
    topic,
    payload: message.payload,
    qos: Math.min(subscription.qos, message.qos) as 0 | 1 | 2,
    retain: subscription.rap === true && message.retain,
    dup: false,
  };
  if (client.version === 5 && Object.keys(properties).length > 0) packet.properties = properties;
  return packet;
}

/** Writes a packet to the client through the node's outgoing hooks (flow control, topic aliases), bypassing the session store. */
export function writePacket(broker: MqttBroker, client: MemberClient, packet: object, done: (error?: Error | null) => void): void {
  const send: Send = (target, outgoing, written) => {
    const connection = (target as MemberClient).conn as NodeJS.WritableStream & { destroyed?: boolean };
    if (connection.destroyed) {
      setImmediate(written, new Error('connection closed'));
      return;
    }
    try {
      mqttPacket.writeToStream(outgoing as mqttPacket.Packet, (target as MemberClient).conn, { protocolVersion: (target as MemberClient).version === 5 ? 5 : 4 });
      setImmediate(written);
    } catch (error) {
      setImmediate(written, error as Error);
    }
  };
  const outgoing = (broker as MqttBroker & { outgoing: OutgoingHook | null }).outgoing;
  if (outgoing) outgoing(client, packet, done, send);
  else send(client, packet, done);
}
