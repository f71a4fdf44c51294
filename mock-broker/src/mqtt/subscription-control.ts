import type { AedesPublishPacket, Client } from 'aedes';
import aedesPacket from 'aedes-packet';
import type { MqttBroker } from './mqtt-broker.js';
import type { PersistedPacket } from './persistence/persisted-packet.js';
import type { SubscriptionRequest } from './persistence/subscription-index.js';
import type { SessionSubscription } from './sessions/session-registry.js';
import { internalTopic, parseSharedTopic } from './shared-subscriptions.js';

/** aedes-packet's constructor (its declarations describe a namespace; the module is the constructor). */
const Packet = aedesPacket as unknown as new (packet: object, broker: MqttBroker) => AedesPublishPacket;

type SubscribeHandler = (client: Client, packet: { cmd: 'subscribe'; subscriptions: SubscriptionRequest[] }, restore: boolean, done: (error?: Error) => void) => void;
type Deliver = (packet: AedesPublishPacket, callback: () => void) => void;
type LiveClient = Client & {
  clean: boolean;
  subscriptions: Record<string, { func: Deliver } | undefined>;
  _wildcardFilters?: string[] | null;
  deliverQoS: Deliver;
  deliver0: Deliver;
};

/**
 * Aedes' own SUBSCRIBE handler, on its "restore" path: it authorizes and activates subscriptions
 * without answering the client a SUBACK it never asked for. Not exported by Aedes, so it is
 * loaded from the pinned version's files.
 */
const handleSubscribe = (await import(new URL('./lib/handlers/subscribe.js', import.meta.resolve('aedes')).href)).default as SubscribeHandler;

function toRequest(subscription: SessionSubscription): SubscriptionRequest {
  return {
    topic: internalTopic(subscription.topicFilter),
    qos: subscription.qos,
    rh: subscription.options.retainHandling,
    rap: subscription.options.retainAsPublish,
    nl: subscription.options.noLocal,
    ...(subscription.subscriptionId === undefined ? {} : { subscriptionIdentifier: subscription.subscriptionId }),
  };
}

function connectedClient(broker: MqttBroker, clientId: string): LiveClient | undefined {
  return (broker as MqttBroker & { clients: Record<string, LiveClient | undefined> }).clients[clientId];
}

async function retainedFor(broker: MqttBroker, topicFilter: string): Promise<AedesPublishPacket[]> {
  const packets: AedesPublishPacket[] = [];
  for await (const packet of broker.persistence.createRetainedStream(topicFilter)) packets.push(packet as AedesPublishPacket);
  return packets;
}

/** The retained message as sent on a new subscription: RETAIN set, QoS at most the subscription's. */
function retainedCopy(broker: MqttBroker, retained: AedesPublishPacket, request: SubscriptionRequest): AedesPublishPacket {
  const copy = new Packet({ ...retained, qos: Math.min(retained.qos, request.qos), retain: true }, broker);
  if (request.subscriptionIdentifier !== undefined) copy.properties = { ...retained.properties, subscriptionIdentifier: request.subscriptionIdentifier };
  return copy;
}

/**
 * Adds (or changes) subscriptions of a session as if its client had sent SUBSCRIBE: activated at
 * once for a connected client, stored for a persistent one, and retained messages sent as the
 * Retain Handling option says (none for shared subscriptions). Answers false for an unknown client.
 */
export async function addSubscriptions(broker: MqttBroker, clientId: string, subscriptions: SessionSubscription[]): Promise<boolean> {
  const requests = subscriptions.map(toRequest);
  const client = connectedClient(broker, clientId);
  const stored = client ? undefined : broker.persistence.sessions.find(clientId);
  if (!client && !stored) return false;
  const held = new Set(client ? Object.keys(client.subscriptions) : stored?.subscriptions.map((subscription) => subscription.topicFilter));
  const isNew = new Map(requests.map((request) => [request.topic, !held.has(request.topic)]));

  if (client) {
    await new Promise<void>((resolve, reject) => handleSubscribe(client, { cmd: 'subscribe', subscriptions: requests }, true, (error) => (error ? reject(error) : resolve())));
    if (!client.clean) await broker.persistence.addSubscriptions(client, requests);
    broker.emit('subscribe', requests, client);
  } else {
    await broker.persistence.addSubscriptions({ id: clientId }, requests);
  }

  for (const request of requests) {
    const retainHandling = request.rh ?? 0;
    if (parseSharedTopic(request.topic) || retainHandling === 2 || (retainHandling === 1 && !isNew.get(request.topic))) continue;
    for (const retained of await retainedFor(broker, request.topic)) {
      const copy = retainedCopy(broker, retained, request);
      if (client) {
        const deliver = copy.qos > 0 ? client.deliverQoS : client.deliver0;
        await new Promise<void>((resolve) => deliver(copy, () => resolve()));
      } else if (copy.qos > 0) {
        // An offline session gets it on return, like any QoS 1/2 message published while it was away.
        await broker.persistence.outgoingEnqueue({ clientId }, copy as unknown as PersistedPacket);
      }
    }
  }
  return true;
}

/** Removes subscriptions of a session as if its client had sent UNSUBSCRIBE. Answers false for an unknown client. */
export async function removeSubscriptions(broker: MqttBroker, clientId: string, topicFilters: string[]): Promise<boolean> {
  const topics = topicFilters.map(internalTopic);
  const client = connectedClient(broker, clientId);
  if (!client && !broker.persistence.sessions.find(clientId)) return false;
  if (client) {
    for (const topic of topics) {
      const subscription = client.subscriptions[topic];
      if (!subscription) continue;
      delete client.subscriptions[topic];
      // Aedes' list of the client's wildcard filters (overlapping subscriptions) is rebuilt on next use.
      client._wildcardFilters = null;
      await new Promise<void>((resolve) => broker.unsubscribe(topic, subscription.func, () => resolve()));
    }
    broker.emit('unsubscribe', topics, client);
  }
  await broker.persistence.removeSubscriptions({ id: clientId }, topics);
  return true;
}
