import type { AedesPublishPacket, Client, Subscription } from 'aedes';
import type { MqttBroker } from './mqtt-broker.js';
import { onInboundPacket } from './packet-hooks.js';

const SHARE_PREFIX = '$share/';
/**
 * The topic a shared subscription is kept under inside Aedes. Aedes refuses `$share/` itself, so
 * SUBSCRIBE and UNSUBSCRIBE packets are rewritten to this prefix as they arrive: Aedes then
 * acknowledges, persists and restores them like any subscription, and this module delivers.
 */
const INTERNAL_PREFIX = '$starling-share/';
const DOLLAR = 0x24;

export interface SharedSubscription {
  shareName: string;
  topicFilter: string;
}

/** `$share/{ShareName}/{filter}` (MQTT 5 section 4.8.2); the share name holds no wildcards or slashes. */
export function parseSharedTopic(topic: string): SharedSubscription | undefined {
  const prefix = topic.startsWith(SHARE_PREFIX) ? SHARE_PREFIX : topic.startsWith(INTERNAL_PREFIX) ? INTERNAL_PREFIX : undefined;
  if (!prefix) return undefined;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf('/');
  const shareName = rest.slice(0, slash);
  const topicFilter = rest.slice(slash + 1);
  if (slash <= 0 || topicFilter === '' || /[+#]/.test(shareName)) return undefined;
  return { shareName, topicFilter };
}

/** Whether Aedes keeps this topic for a shared subscription (its internal form of `$share/...`). */
export function isInternalSharedTopic(topic: string): boolean {
  return topic.startsWith(INTERNAL_PREFIX);
}

/** How a subscription is shown to people: internal topics read as `$share/...` again. */
export function displayTopicFilter(topic: string): string {
  return topic.startsWith(INTERNAL_PREFIX) ? `${SHARE_PREFIX}${topic.slice(INTERNAL_PREFIX.length)}` : topic;
}

/** The topic Aedes keeps a subscription under: `$share/...` becomes its internal form. */
export function internalTopic(topic: string): string {
  const shared = topic.startsWith(SHARE_PREFIX) ? parseSharedTopic(topic) : undefined;
  return shared ? `${INTERNAL_PREFIX}${shared.shareName}/${shared.topicFilter}` : topic;
}

type DeliveringSubscription = { func: (packet: AedesPublishPacket, callback: () => void) => void };
type MemberClient = Client & { subscriptions: Record<string, DeliveringSubscription | undefined>; clean?: boolean };

type RewritablePacket = { cmd: string; subscriptions?: { topic: string }[]; unsubscriptions?: string[] };

interface Group extends SharedSubscription {
  internalTopic: string;
  /** Members by client id; null while a persistent member is offline (it gets nothing then). */
  members: Map<string, MemberClient | null>;
  /** The connected members, rebuilt when membership changes rather than on every message. */
  online: MemberClient[];
  next: number;
  deliver: (packet: AedesPublishPacket, callback: () => void) => void;
}

export interface SharedSubscriptionGroup extends SharedSubscription {
  members: { clientId: string; connected: boolean }[];
}

/**
 * Shared subscriptions: each message matching a group's filter goes to one connected member,
 * in turn. A message for a group with no connected member is dropped and counted.
 */
export class SharedSubscriptions {
  private readonly groups = new Map<string, Group>();
  /** The groups (internal topics) each client is a member of, connected or not. */
  private readonly memberships = new Map<string, Set<string>>();
  /** Shared subscriptions another area delivers (application shared subscriptions, over Kafka): no group here. */
  private claimed: (client: Client, shared: SharedSubscription) => boolean = () => false;

  constructor(
    private readonly broker: MqttBroker,
    private readonly onDropped: () => void = () => undefined,
  ) {
    onInboundPacket(broker, (_client, packet) => {
      rewriteSharedTopics(packet as RewritablePacket);
      return true;
    });
    // Nobody publishes into a group's internal topic (that would reach every member at once).
    const authorizePublish = broker.authorizePublish.bind(broker);
    broker.authorizePublish = (client, packet, callback) => {
      // Every publish passes here: both prefixes start with `$`, which almost no topic does.
      if (packet.topic.charCodeAt(0) === DOLLAR && (packet.topic.startsWith(INTERNAL_PREFIX) || packet.topic.startsWith(SHARE_PREFIX))) {
        callback(new Error(`publishing to ${packet.topic} is not allowed: shared subscription topics are for subscribing`));
        return;
      }
      authorizePublish(client, packet, callback);
    };
    broker.on('subscribe', (subscriptions: Subscription[], client: Client) => {
      for (const { topic } of subscriptions) if (topic.startsWith(INTERNAL_PREFIX)) this.join(topic, client as MemberClient);
    });
    broker.on('unsubscribe', (topics: string[], client: Client) => {
      for (const topic of topics) if (topic.startsWith(INTERNAL_PREFIX)) this.leave(topic, client.id);
    });
    // Persistent sessions get their subscriptions back from the store without a SUBSCRIBE; the
    // groups of a session it no longer holds (one removed while it was offline) are left.
    broker.on('clientReady', (client: Client) => {
      const { subscriptions } = client as MemberClient;
      for (const topic of [...(this.memberships.get(client.id) ?? [])]) if (!subscriptions[topic]) this.leave(topic, client.id);
      for (const topic of Object.keys(subscriptions)) {
        if (topic.startsWith(INTERNAL_PREFIX)) this.join(topic, client as MemberClient);
      }
    });
    broker.on('clientDisconnect', (client: Client) => {
      for (const topic of [...(this.memberships.get(client.id) ?? [])]) {
        const group = this.groups.get(topic);
        if (!group || group.members.get(client.id) !== client) continue;
        if ((client as MemberClient).clean) this.leave(topic, client.id);
        else this.setMember(group, client.id, null);
      }
    });
    // A session discarded without an event of Aedes (a Clean Start connect, an administrator's
    // removal, a restored session's expiry) would otherwise stay an offline member for ever.
    broker.on('sessionExpired', (client: Client) => this.leaveAll(client.id));
    broker.persistence.onSessionDiscarded((clientId) => this.leaveAll(clientId));
  }

  list(): SharedSubscriptionGroup[] {
    return [...this.groups.values()].map((group) => ({
      shareName: group.shareName,
      topicFilter: group.topicFilter,
      members: [...group.members].map(([clientId, client]) => ({ clientId, connected: client !== null })),
    }));
  }

  /** Leaves the shared subscriptions `claimed` answers true for to another area's delivery. */
  leaveTo(claimed: (client: Client, shared: SharedSubscription) => boolean): void {
    this.claimed = claimed;
  }

  private join(topic: string, client: MemberClient): void {
    const shared = parseSharedTopic(topic);
    if (!shared || this.claimed(client, shared)) return;
    let group = this.groups.get(topic);
    if (!group) {
      group = this.createGroup(topic, shared);
      this.groups.set(topic, group);
    }
    this.setMember(group, client.id, client);
  }

  private setMember(group: Group, clientId: string, client: MemberClient | null): void {
    group.members.set(clientId, client);
    group.online = [...group.members.values()].filter((member): member is MemberClient => member !== null);
    let topics = this.memberships.get(clientId);
    if (!topics) this.memberships.set(clientId, (topics = new Set()));
    topics.add(group.internalTopic);
  }

  /** Leaves every group of a session that ended. */
  private leaveAll(clientId: string): void {
    for (const topic of [...(this.memberships.get(clientId) ?? [])]) this.leave(topic, clientId);
  }

  private leave(topic: string, clientId: string): void {
    const topics = this.memberships.get(clientId);
    if (topics?.delete(topic) && topics.size === 0) this.memberships.delete(clientId);
    const group = this.groups.get(topic);
    if (!group || !group.members.delete(clientId)) return;
    group.online = group.online.filter((member) => member.id !== clientId);
    if (group.members.size > 0) return;
    this.groups.delete(topic);
    this.broker.unsubscribe(group.topicFilter, group.deliver, () => undefined);
  }

  private createGroup(topic: string, shared: SharedSubscription): Group {
    const group: Group = {
      ...shared,
      internalTopic: topic,
      members: new Map(),
      online: [],
      next: 0,
      deliver: (packet, callback) => {
        // Root wildcards never match $-topics (MQTT 4.7.2), as for ordinary subscriptions.
        if (packet.topic.startsWith('$') && /^[+#]/.test(group.topicFilter)) return callback();
        const member = group.online[group.next++ % Math.max(group.online.length, 1)];
        // The member's own subscription function applies its QoS, retain and identifier options.
        const subscription = member?.subscriptions[topic];
        if (!subscription) {
          this.onDropped();
          return callback();
        }
        subscription.func(packet, callback);
      },
    };
    this.broker.subscribe(shared.topicFilter, group.deliver, () => undefined);
    return group;
  }
}

function rewriteSharedTopics(packet: RewritablePacket): void {
  if (packet.cmd === 'subscribe' && packet.subscriptions) {
    for (const subscription of packet.subscriptions) subscription.topic = internalTopic(subscription.topic);
  } else if (packet.cmd === 'unsubscribe' && packet.unsubscriptions) {
    packet.unsubscriptions = packet.unsubscriptions.map(internalTopic);
  }
}
