import type { WsSubscriptionConfiguration } from '../../../api/generated/model/wsSubscriptionConfiguration';
import { topicMatcher } from '../messages/topic-matches';

/** Topics remembered with their colour before the memory starts over; bounds it under many distinct topics. */
const REMEMBERED_TOPICS = 10_000;

/**
 * The colour a message is marked with: that of the first subscription whose filter matches its
 * topic (none when it has none). Answers are remembered per topic, so a steady stream costs one map look-up a message.
 */
export class SubscriptionColors {
  private matchers: { matches: (topic: string) => boolean; color: string | undefined }[] = [];
  private readonly byTopic = new Map<string, string | undefined>();

  setSubscriptions(subscriptions: readonly WsSubscriptionConfiguration[]): void {
    this.matchers = subscriptions.map((subscription) => ({ matches: topicMatcher(subscription.topicFilter), color: subscription.color ?? undefined }));
    this.byTopic.clear();
  }

  colorOf(topic: string): string | undefined {
    if (this.byTopic.has(topic)) return this.byTopic.get(topic);
    const color = this.matchers.find((matcher) => matcher.matches(topic))?.color;
    if (this.byTopic.size >= REMEMBERED_TOPICS) this.byTopic.clear();
    this.byTopic.set(topic, color);
    return color;
  }
}
