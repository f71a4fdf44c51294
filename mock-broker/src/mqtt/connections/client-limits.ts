import type { Client, Subscription } from 'aedes';
import type { Packet } from 'mqtt-packet';
import type { MqttBroker } from '../mqtt-broker.js';
import { onInboundPacket } from '../packet-hooks.js';
import { QUOTA_EXCEEDED, TOPIC_FILTER_INVALID, TOPIC_NAME_INVALID } from '../reason-codes.js';

export interface ClientLimitOptions {
  /** Longest client id and username, in characters. */
  maxClientIdLength: number;
  /** Longest topic name or topic filter, in bytes of UTF-8. */
  maxTopicLength: number;
  maxSubscriptionsPerClient: number;
  /** Subscriptions of all sessions together (STARLING_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
  /** Sessions the node holds at most, connected or not (STARLING_MAX_SESSIONS). */
  maxSessions: number;
}

/** The node's sessions as the session bound sees them. */
export interface SessionCount {
  has(clientId: string): boolean;
  counts(): { total: number };
  /** The subscriptions of every session. */
  subscriptionCount(): number;
}

/**
 * Most levels a topic or filter may have: Aedes' own limit (its default), checked here first so
 * that the client hears why (Aedes would close the connection without a reason code).
 */
export const MAX_TOPIC_LEVELS = 100;

/** Whether a topic or filter is past STARLING_MAX_TOPIC_LENGTH bytes of UTF-8 or MAX_TOPIC_LEVELS levels. */
export function topicPastLimits(topic: string, maxTopicLength: number): boolean {
  return (topic.length > maxTopicLength / 3 && Buffer.byteLength(topic) > maxTopicLength) || tooDeep(topic);
}

/** Whether a topic or filter has more than MAX_TOPIC_LEVELS levels. */
export function tooDeep(topic: string): boolean {
  let separators = 0;
  for (let at = topic.indexOf('/'); at !== -1; at = topic.indexOf('/', at + 1)) {
    if (++separators >= MAX_TOPIC_LEVELS) return true;
  }
  return false;
}

/** CONNACK return codes, which Aedes answers MQTT 5 clients as 0x85 and 0x86. */
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;

type LimitedClient = Client & {
  version: number | null;
  subscriptions: Record<string, unknown>;
  disconnect(options: { reasonCode: number }, done?: () => void): void;
  close(done?: () => void): void;
};

/**
 * Bounds what a client's text can make the broker hold or work through (client ids, usernames,
 * topics, subscriptions, sessions): everything keyed by it, from the session registry to the rule
 * patterns run on it, stays bounded. A client beyond a limit is refused at CONNECT (MQTT 5 0x85,
 * 0x86 or 0x97, 3.1.1 return code 2, 4 or 3) or disconnected (MQTT 5 DISCONNECT 0x8F or 0x90; 3.1.1,
 * which has no way to say why, is closed). The bounds on subscriptions, per client and of the whole
 * node, refuse the new filters past them in the SUBACK (0x97; 3.1.1 0x80) and leave the client
 * connected.
 */
export function installClientLimits(broker: MqttBroker, limits: ClientLimitOptions, sessions: SessionCount): void {
  const authenticate = broker.authenticate.bind(broker);
  broker.authenticate = (client, username, password, done) => {
    // A new client id when the node holds as many sessions as it may: every session costs memory
    // (and a persistent one a row) until it ends, so ever new ids must not grow them without end.
    // A client whose session the node holds already always gets in (it takes nothing new).
    if (sessions.counts().total >= limits.maxSessions && !sessions.has(client.id)) {
      done(Object.assign(new Error(`the node holds ${limits.maxSessions} sessions, its limit`), { returnCode: SERVER_UNAVAILABLE as 3, reasonCode: QUOTA_EXCEEDED }), false);
      return;
    }
    // An id the broker assigned (MQTT 5, empty client id) is the broker's own, whatever its length.
    const assigned = (client as Client & { _assignedClientId?: string })._assignedClientId !== undefined;
    if (!assigned && client.id.length > limits.maxClientIdLength) {
      done(Object.assign(new Error(`client id longer than ${limits.maxClientIdLength} characters`), { returnCode: IDENTIFIER_REJECTED as 2 }), false);
    } else if (username !== undefined && username.length > limits.maxClientIdLength) {
      done(Object.assign(new Error(`username longer than ${limits.maxClientIdLength} characters`), { returnCode: BAD_USERNAME_OR_PASSWORD as 4 }), false);
    } else {
      authenticate(client, username, password, done);
    }
  };

  const tooLong = (topic: string) => topicPastLimits(topic, limits.maxTopicLength);
  const refuse = (client: LimitedClient, reasonCode: number) => {
    if (client.version === 5) client.disconnect({ reasonCode });
    else client.close();
    return false;
  };

  /** The subscriptions (objects of SUBSCRIBE packets, as Aedes passes them on) a subscription bound refuses. */
  const overQuota = new WeakSet<object>();
  // Per client, the new filters given room whose SUBSCRIBE is still being handled. Aedes handles
  // the packets of one read together: a SUBSCRIBE does not see those before it in
  // `client.subscriptions` yet, and without these many SUBSCRIBEs sent at once would all find room.
  const granting = new WeakMap<Client, Set<string>>();
  broker.on('subscribe', (subscriptions, client) => {
    const pending = granting.get(client);
    if (!pending) return;
    for (const subscription of subscriptions) pending.delete(subscription.topic);
    if (pending.size === 0) granting.delete(client);
  });

  const authorizeSubscribe = broker.authorizeSubscribe.bind(broker);
  broker.authorizeSubscribe = (client, subscription, callback) => {
    if (!overQuota.has(subscription)) return authorizeSubscribe(client, subscription, callback);
    // Aedes takes a failure reason code in place of the subscription: MQTT 5 SUBACK 0x97, 3.1.1 0x80.
    callback(null, QUOTA_EXCEEDED as unknown as Subscription);
  };

  onInboundPacket(broker, (client, packet: Packet) => {
    const limited = client as LimitedClient;
    switch (packet.cmd) {
      case 'publish':
        return tooLong(packet.topic) ? refuse(limited, TOPIC_NAME_INVALID) : true;
      case 'subscribe': {
        if (packet.subscriptions.some((subscription) => tooLong(subscription.topic))) return refuse(limited, TOPIC_FILTER_INVALID);
        const pending = granting.get(client);
        const added = [...new Set(packet.subscriptions.map((subscription) => subscription.topic))].filter((topic) => !(topic in limited.subscriptions) && !pending?.has(topic));
        if (added.length === 0) return true;
        // Every subscription costs memory (and a persistent one a row): one client, and many
        // clients each under their own bound, must not grow them without end. A SUBSCRIBE past
        // either bound breaks no rule of the protocol: its new filters past the bound are refused
        // in the SUBACK (above), the ones before it granted, and the client stays connected.
        // A filter Aedes has added already but not yet answered counts once.
        let inFlight = 0;
        for (const topic of pending ?? []) if (!(topic in limited.subscriptions)) inFlight += 1;
        const held = Object.keys(limited.subscriptions).length + inFlight;
        const room = Math.max(0, Math.min(limits.maxSubscriptionsPerClient - held, limits.maxSubscriptions - sessions.subscriptionCount() - inFlight));
        if (room > 0) {
          const given = pending ?? new Set<string>();
          for (const topic of added.slice(0, room)) given.add(topic);
          granting.set(client, given);
        }
        if (added.length > room) {
          const refused = new Set(added.slice(room));
          for (const subscription of packet.subscriptions) if (refused.has(subscription.topic)) overQuota.add(subscription);
        }
        return true;
      }
      default:
        return true;
    }
  });
}
