import { topicMatches } from '../mqtt/topic-filter.js';
import type { AppSharedSubscription } from './app-shared-subscription.js';

/** Topics whose matches are remembered at most; beyond, the memory starts over. */
const MAX_REMEMBERED_TOPICS = 10_000;

/** The stored subscriptions in memory: which match a topic, which has a filter. */
export class SubscriptionIndex {
  private readonly byFilter = new Map<string, AppSharedSubscription>();
  private readonly remembered = new Map<string, AppSharedSubscription[]>();

  constructor(subscriptions: AppSharedSubscription[]) {
    for (const subscription of subscriptions) this.byFilter.set(subscription.topicFilter, subscription);
  }

  get size(): number {
    return this.byFilter.size;
  }

  add(subscription: AppSharedSubscription): void {
    this.byFilter.set(subscription.topicFilter, subscription);
    this.remembered.clear();
  }

  remove(subscription: AppSharedSubscription): void {
    if (this.byFilter.get(subscription.topicFilter)?.id === subscription.id) this.byFilter.delete(subscription.topicFilter);
    this.remembered.clear();
  }

  withFilter(topicFilter: string): AppSharedSubscription | undefined {
    return this.byFilter.get(topicFilter);
  }

  /** The subscriptions whose filter matches the topic. */
  matching(topic: string): AppSharedSubscription[] {
    if (this.byFilter.size === 0) return [];
    let found = this.remembered.get(topic);
    if (found === undefined) {
      found = [...this.byFilter.values()].filter((subscription) => topicMatches(subscription.topicFilter, topic));
      if (this.remembered.size >= MAX_REMEMBERED_TOPICS) this.remembered.clear();
      this.remembered.set(topic, found);
    }
    return found;
  }
}
