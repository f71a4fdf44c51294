import type { Client, Subscription } from 'aedes';
import { DEFAULT_KAFKA_LIMITS, type KafkaLimits, type KafkaSettings } from '../kafka/kafka-settings.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { onInboundPacket } from '../mqtt/packet-hooks.js';
import type { SessionRegistry } from '../mqtt/sessions/session-registry.js';
import { isInternalSharedTopic, parseSharedTopic, type SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { consumerGroupFor, consumerGroupPrefix, type AppSharedSubscription } from './app-shared-subscription.js';
import { Member } from './member.js';
import { PartitionOwners } from './partition-owners.js';
import type { SubscriptionIndex } from './subscription-index.js';
import { QUOTA_EXCEEDED } from '../mqtt/reason-codes.js';

type SubscribedClient = Client & { subscriptions: Record<string, unknown> };

export interface MembersNeeds {
  broker: MqttBroker;
  sessions: Pick<SessionRegistry, 'get'>;
  sharedSubscriptions: Pick<SharedSubscriptions, 'leaveTo'>;
  index: SubscriptionIndex;
  kafka: KafkaSettings | undefined;
  onError(error: unknown): void;
  onSkipped(): void;
  /** The ids of the cluster's consumer groups. */
  consumerGroups(): Promise<string[]>;
}

/**
 * The APPLICATION clients subscribed as `$share/{group}/{filter}` to the filter of an application
 * shared subscription: each is a member of the Kafka consumer group of its share name on that
 * subscription (Member). Their subscriptions stay in Aedes like any (listed, persisted, restored),
 * but the in-memory shared subscription groups leave them alone.
 */
export class AppSharedMembers {
  /** By client id, then by the subscription's internal topic. */
  private readonly members = new Map<string, Map<string, Member>>();
  private readonly groups = new Map<string, PartitionOwners>();
  private readonly stopping = new Set<Promise<void>>();
  private count = 0;
  /**
   * Memberships granted to a connection and not joined yet: the filters of one SUBSCRIBE are
   * authorized before any of them joins, so each is counted from its grant on.
   */
  private readonly reserved = new Map<Client, Map<string, string>>();
  private reservedCount = 0;
  /** The consumer groups of the reservations, with how many reservations name each. */
  private readonly reservedGroups = new Map<string, number>();
  private readonly limits: KafkaLimits;

  constructor(private readonly needs: MembersNeeds) {
    const { broker } = needs;
    this.limits = needs.kafka?.limits ?? DEFAULT_KAFKA_LIMITS;
    needs.sharedSubscriptions.leaveTo((client, shared) => this.subscriptionFor(client, shared.topicFilter) !== undefined);
    const authorizeSubscribe = broker.authorizeSubscribe.bind(broker);
    broker.authorizeSubscribe = (client, subscription, callback) => {
      authorizeSubscribe(client, subscription, (error, granted) => {
        const topic = granted && typeof granted === 'object' ? granted.topic : undefined;
        const shared = topic !== undefined && isInternalSharedTopic(topic) ? parseSharedTopic(topic) : undefined;
        if (error || !shared || !this.subscriptionFor(client, shared.topicFilter) || this.holds(client, topic as string)) {
          callback(error, granted);
          return;
        }
        // Without Kafka the subscription is refused rather than silent.
        if (needs.kafka === undefined) return callback(null, null);
        // Each membership is a Kafka consumer in a consumer group of its share name: one client
        // may not take the node's members, nor make groups without end by share names.
        if (this.count + this.reservedCount >= this.limits.maxMembers || this.heldBy(client) >= this.limits.maxMembersPerClient) return callback(null, QUOTA_EXCEEDED);
        const appSubscription = this.subscriptionFor(client, shared.topicFilter) as AppSharedSubscription;
        const groupId = consumerGroupFor(appSubscription, shared.shareName);
        const known = this.groups.has(groupId) || this.reservedGroups.has(groupId);
        this.reserve(client, topic as string, groupId);
        if (known) return callback(null, granted);
        void this.mayMakeGroup(appSubscription, groupId).then((allowed) => {
          if (!allowed) this.unreserve(client, topic);
          callback(null, allowed ? granted : QUOTA_EXCEEDED);
        });
      });
    };
    onInboundPacket(broker, (client, packet) => {
      // Every acknowledgement passes here: with no member anywhere, no lookup by client id.
      if (this.members.size === 0 || (packet.cmd !== 'puback' && packet.cmd !== 'pubrec' && packet.cmd !== 'pubcomp')) return true;
      const ofClient = this.members.get(client.id);
      if (!ofClient) return true;
      for (const member of ofClient.values()) if (member.acknowledgement(packet)) return false;
      return true;
    });
    broker.on('subscribe', (subscriptions: Subscription[], client: Client) => {
      for (const { topic } of subscriptions) this.join(client, topic);
    });
    broker.on('clientReady', (client: Client) => {
      for (const topic of Object.keys((client as SubscribedClient).subscriptions)) this.join(client, topic);
    });
    broker.on('unsubscribe', (topics: string[], client: Client) => {
      for (const topic of topics) this.leave(client.id, topic, true);
    });
    broker.on('clientDisconnect', (client: Client) => {
      this.unreserve(client);
      const ofClient = this.members.get(client.id);
      for (const member of [...(ofClient?.values() ?? [])]) {
        if (member.connection === client) this.leave(client.id, member.internalTopic, false);
      }
    });
  }

  /** The subscription was deleted: its members get nothing more from it. */
  async removed(subscription: AppSharedSubscription): Promise<void> {
    for (const ofClient of this.members.values()) {
      for (const member of [...ofClient.values()]) if (member.subscriptionId === subscription.id) this.leave(member.clientId, member.internalTopic, false);
    }
    await this.settled();
  }

  /** Stops every member: commits what was acknowledged and leaves the groups. */
  async close(): Promise<void> {
    for (const ofClient of [...this.members.values()]) {
      for (const member of [...ofClient.values()]) this.leave(member.clientId, member.internalTopic, false);
    }
    await this.settled();
  }

  private async settled(): Promise<void> {
    await Promise.all([...this.stopping]);
  }

  /** The application shared subscription an APPLICATION client subscribing to `$share/…/{filter}` is a member of. */
  private subscriptionFor(client: Client, topicFilter: string): AppSharedSubscription | undefined {
    if (this.needs.sessions.get(client.id)?.clientType !== 'APPLICATION') return undefined;
    return this.needs.index.withFilter(topicFilter);
  }

  /** Whether the connection is a member by this subscription already, or was granted it. */
  private holds(client: Client, topic: string): boolean {
    const member = this.members.get(client.id)?.get(topic);
    return (member !== undefined && member.connection === client) || this.reserved.get(client)?.has(topic) === true;
  }

  private heldBy(client: Client): number {
    let held = this.reserved.get(client)?.size ?? 0;
    for (const member of this.members.get(client.id)?.values() ?? []) if (member.connection === client) held++;
    return held;
  }

  /**
   * Whether a new share name may make its consumer group: the subscription's groups in Kafka
   * (also those nobody is in now, kept with their offsets), here and granted are fewer than the
   * bound. Without an answer from Kafka the members' bounds still hold: it may.
   */
  private async mayMakeGroup(subscription: AppSharedSubscription, groupId: string): Promise<boolean> {
    const prefix = consumerGroupPrefix(subscription);
    let inKafka: string[];
    try {
      inKafka = await this.needs.consumerGroups();
    } catch {
      return true;
    }
    if (inKafka.includes(groupId)) return true;
    const groups = new Set([...inKafka, ...this.groups.keys(), ...this.reservedGroups.keys()].filter((id) => id.startsWith(prefix) && id !== groupId));
    return groups.size < this.limits.maxGroupsPerSubscription;
  }

  private reserve(client: Client, topic: string, groupId: string): void {
    let topics = this.reserved.get(client);
    if (!topics) {
      topics = new Map();
      this.reserved.set(client, topics);
    }
    if (topics.has(topic)) return;
    topics.set(topic, groupId);
    this.reservedGroups.set(groupId, (this.reservedGroups.get(groupId) ?? 0) + 1);
    this.reservedCount++;
  }

  /** Ends the reservation of one topic, or of all the connection's. */
  private unreserve(client: Client, topic?: string): void {
    const topics = this.reserved.get(client);
    if (!topics) return;
    for (const name of topic === undefined ? [...topics.keys()] : [topic]) {
      const groupId = topics.get(name);
      if (groupId === undefined) continue;
      topics.delete(name);
      this.reservedCount--;
      const left = (this.reservedGroups.get(groupId) ?? 1) - 1;
      if (left > 0) this.reservedGroups.set(groupId, left);
      else this.reservedGroups.delete(groupId);
    }
    if (topics.size === 0) this.reserved.delete(client);
  }

  private join(client: Client, topic: string): void {
    this.unreserve(client, topic);
    // Aedes tells of the refused filters of a SUBSCRIBE too: only one the client holds makes a member.
    if (!isInternalSharedTopic(topic) || this.needs.kafka === undefined || (client as SubscribedClient).subscriptions[topic] === undefined) return;
    const shared = parseSharedTopic(topic);
    const subscription = shared && this.subscriptionFor(client, shared.topicFilter);
    if (!shared || !subscription) return;
    let ofClient = this.members.get(client.id);
    const existing = ofClient?.get(topic);
    // A SUBSCRIBE again (other options) keeps the member: it reads the options at each delivery.
    if (existing && existing.connection === client) return;
    if (existing) this.leave(client.id, topic, false);
    if (this.count >= this.limits.maxMembers) return;
    const groupId = consumerGroupFor(subscription, shared.shareName);
    let owners = this.groups.get(groupId);
    if (!owners) {
      owners = new PartitionOwners();
      this.groups.set(groupId, owners);
    }
    if (!ofClient) {
      ofClient = new Map();
      this.members.set(client.id, ofClient);
    }
    const member = new Member({ broker: this.needs.broker, client, internalTopic: topic, subscription, groupId, owners, kafka: this.needs.kafka, onError: this.needs.onError, onSkipped: this.needs.onSkipped });
    ofClient.set(topic, member);
    this.count++;
  }

  private leave(clientId: string, topic: string, connected: boolean): void {
    const ofClient = this.members.get(clientId);
    const member = ofClient?.get(topic);
    if (!ofClient || !member) return;
    ofClient.delete(topic);
    if (ofClient.size === 0) this.members.delete(clientId);
    this.count--;
    const stopped = member.stop(connected).finally(() => {
      this.stopping.delete(stopped);
      const groupId = member.groupId;
      if (this.groups.get(groupId)?.idle) this.groups.delete(groupId);
    });
    this.stopping.add(stopped);
  }
}
