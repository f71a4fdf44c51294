import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { Page } from '../database/page-query.js';
import { hasKafkaError, type KafkaConnection } from '../kafka/kafka-connection.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import { kafkaTopicFor, type AppSharedSubscription, type AppSharedSubscriptionInput } from './app-shared-subscription.js';
import type { AppSharedSubscriptionPageQuery, AppSharedSubscriptionRepository } from './app-shared-subscription-repository.js';

/** openapi.yaml saveApplicationSharedSubscription: at most 1000 subscriptions. */
export const MAX_APP_SHARED_SUBSCRIPTIONS = 1000;

/** Who hears of subscriptions made and removed (the Kafka writer, the members). */
export interface SubscriptionListener {
  added(subscription: AppSharedSubscription): void;
  removed(subscription: AppSharedSubscription): Promise<void>;
}

/**
 * Application shared subscriptions: each stored one has its Kafka topic. Creating makes the topic
 * first and stores after; deleting removes the topic first and the record after, so that a failure
 * of Kafka leaves nothing half-done.
 */
export class AppSharedSubscriptionService {
  /** Names and filters being created right now (lower-cased names), so two requests cannot both pass the checks. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly repository: AppSharedSubscriptionRepository,
    private readonly kafka: KafkaConnection,
    private readonly listener: SubscriptionListener,
  ) {}

  page(query: AppSharedSubscriptionPageQuery): Page<AppSharedSubscription> {
    return this.repository.page(query);
  }

  get(id: string): AppSharedSubscription {
    const subscription = this.repository.find(id);
    if (!subscription) throw ApiError.notFound(`Application shared subscription with id ${id} is not found`);
    return subscription;
  }

  /** The subscription whose topic filter is exactly `topicFilter` (TBMQ's lookup by topic). */
  byTopicFilter(topicFilter: string): AppSharedSubscription {
    const subscription = this.repository.findByTopicFilter(topicFilter);
    if (!subscription) throw ApiError.notFound(`No application shared subscription has the topic filter ${JSON.stringify(topicFilter)}`);
    return subscription;
  }

  async save(input: AppSharedSubscriptionInput, now = Date.now()): Promise<AppSharedSubscription> {
    const name = input.name.trim();
    if (name === '') throw ApiError.invalidArguments('body.name must not be blank');
    if (input.id !== undefined) return this.rename(input, name);
    const topicFilter = input.topicFilter;
    if (topicFilter.startsWith('$')) throw ApiError.invalidArguments('body.topicFilter must not begin with $ (no $share/ prefix, no broker topics)');
    if (!isValidTopicFilter(topicFilter)) throw ApiError.invalidArguments(`body.topicFilter is not a valid MQTT topic filter: "${topicFilter}" (+ stands for one whole level, # for the whole rest)`);
    const keys = [`name:${name.toLowerCase()}`, `filter:${topicFilter}`];
    if (keys.some((key) => this.pending.has(key))) throw ApiError.conflict('body.name or body.topicFilter: a subscription with this name or topic filter is being created');
    const subscription: AppSharedSubscription = { id: randomUUID(), createdTime: now, name, topicFilter, partitions: input.partitions, kafkaTopic: kafkaTopicFor(topicFilter) };
    this.checkFree(subscription);
    for (const key of keys) this.pending.add(key);
    try {
      await this.createTopic(subscription);
      try {
        this.repository.transaction(() => {
          this.checkFree(subscription);
          this.repository.insert(subscription);
        });
      } catch (error) {
        await this.kafka.use((admin) => admin.deleteTopics({ topics: [subscription.kafkaTopic] })).catch(() => undefined);
        throw error;
      }
    } finally {
      for (const key of keys) this.pending.delete(key);
    }
    this.listener.added(subscription);
    return subscription;
  }

  /** Deletes the Kafka topic, then the subscription; when Kafka refuses, the subscription stays (503). */
  async delete(id: string): Promise<void> {
    const subscription = this.get(id);
    await this.kafka.use(async (admin) => {
      try {
        await admin.deleteTopics({ topics: [subscription.kafkaTopic] });
      } catch (error) {
        // Gone already (deleted by hand in Kafka): the subscription can go too.
        if (!hasKafkaError(error, 'UNKNOWN_TOPIC_OR_PARTITION') && !hasKafkaError(error, 'UNKNOWN_TOPIC_ID')) throw error;
      }
    });
    this.repository.delete(id);
    await this.listener.removed(subscription);
  }

  private rename(input: AppSharedSubscriptionInput, name: string): AppSharedSubscription {
    const existing = this.get(input.id as string);
    if (input.topicFilter !== existing.topicFilter) throw ApiError.invalidArguments(`body.topicFilter cannot change (it is "${existing.topicFilter}"): create another subscription instead`);
    if (input.partitions !== existing.partitions) throw ApiError.invalidArguments(`body.partitions cannot change (it is ${existing.partitions}): create another subscription instead`);
    return this.repository.transaction(() => {
      if (!this.repository.find(existing.id)) throw ApiError.notFound(`Application shared subscription with id ${existing.id} is not found`);
      const holder = this.repository.findByName(name);
      if (holder && holder.id !== existing.id) throw ApiError.conflict(`body.name: an application shared subscription named "${holder.name}" already exists`);
      this.repository.rename(existing.id, name);
      return { ...existing, name };
    });
  }

  private checkFree(subscription: AppSharedSubscription): void {
    const named = this.repository.findByName(subscription.name);
    if (named) throw ApiError.conflict(`body.name: an application shared subscription named "${named.name}" already exists`);
    const filtered = this.repository.findByTopicFilter(subscription.topicFilter);
    if (filtered) throw ApiError.conflict(`body.topicFilter: the application shared subscription "${filtered.name}" already has the topic filter ${filtered.topicFilter}`);
    if (this.repository.count() >= MAX_APP_SHARED_SUBSCRIPTIONS) throw ApiError.conflict(`At most ${MAX_APP_SHARED_SUBSCRIPTIONS} application shared subscriptions are kept: delete one first`);
  }

  /**
   * Creates the topic with the subscription's partitions. A topic of that name left behind (a node
   * stopped between making it and storing the subscription) is taken over when its partitions agree.
   */
  private async createTopic(subscription: AppSharedSubscription): Promise<void> {
    await this.kafka.use(async (admin) => {
      try {
        await admin.createTopics({ topics: [subscription.kafkaTopic], partitions: subscription.partitions });
      } catch (error) {
        if (!hasKafkaError(error, 'TOPIC_ALREADY_EXISTS')) throw error;
        const existing = (await admin.metadata({ topics: [subscription.kafkaTopic], forceUpdate: true })).topics.get(subscription.kafkaTopic);
        if (existing?.partitionsCount !== subscription.partitions) {
          throw ApiError.conflict(`body.topicFilter: the Kafka topic ${subscription.kafkaTopic} exists already with ${existing?.partitionsCount ?? 'other'} partitions`);
        }
      }
    });
  }
}
