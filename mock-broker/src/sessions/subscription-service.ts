import { isDeepStrictEqual } from 'node:util';
import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import type { SessionRegistry, SessionSubscription } from '../mqtt/sessions/session-registry.js';
import { storedSubscriptions } from '../mqtt/stored-subscriptions.js';
import { addSubscriptions, removeSubscriptions } from '../mqtt/subscription-control.js';
import { selectPage } from '../lists/page-selection.js';
import { byTopicFilter } from './session-views.js';
import { matchingSubscriptions, subscriptionOrder, type SubscriptionFilterParameters, type SubscriptionSortProperty } from './subscription-query.js';
import { clientSubscriptionView, sessionSubscriptionView, subscriptionOf, type ClientSubscriptionView, type SessionSubscriptionView, type SubscriptionSave } from './subscription-views.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import { MAX_TOPIC_LEVELS, tooDeep, topicPastLimits } from '../mqtt/connections/client-limits.js';

/** The bounds a client's own SUBSCRIBE meets (STARLING_MAX_SUBSCRIPTIONS_PER_CLIENT, STARLING_MAX_TOPIC_LENGTH), which an administrator's edits meet too. */
export interface SubscriptionLimits {
  maxSubscriptionsPerClient: number;
  /** Subscriptions of all sessions together (STARLING_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
  maxTopicLength: number;
}

/** openapi.yaml SubscriptionInfo: a subscription and the session holding it. */
export interface SubscriptionInfo {
  clientId: string;
  subscription: SessionSubscriptionView;
}

/** openapi.yaml ClientSubscriptionsReplaced. */
export interface ReplacedSubscriptions {
  clientId: string;
  subscriptions: SessionSubscriptionView[];
}

export interface SubscriptionPageQuery extends SubscriptionFilterParameters, PageLink {
  sortProperty?: SubscriptionSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

/**
 * One subscription per topic filter, checked: a filter listed twice counts as MQTT counts it in one
 * SUBSCRIBE (MQTT 5 section 3.8.4), the last one listed replacing the earlier.
 */
function checkedSubscriptions(subscriptions: SessionSubscription[], limits: SubscriptionLimits): SessionSubscription[] {
  subscriptions.forEach(({ topicFilter }, index) => checkedFilter(topicFilter, `body.subscriptions.${index}.topicFilter`, limits));
  return [...new Map(subscriptions.map((subscription) => [subscription.topicFilter, subscription])).values()];
}

function checkedFilter(topicFilter: string, field: string, limits: SubscriptionLimits): void {
  if (!isValidTopicFilter(topicFilter)) throw ApiError.invalidArguments(`${field} "${topicFilter}" is not a valid topic filter`);
  if (tooDeep(topicFilter)) throw ApiError.invalidArguments(`${field} has more than ${MAX_TOPIC_LEVELS} levels`);
  if (topicPastLimits(topicFilter, limits.maxTopicLength)) throw ApiError.invalidArguments(`${field} is longer than ${limits.maxTopicLength} bytes of UTF-8 (STARLING_MAX_TOPIC_LENGTH)`);
}

/**
 * A session's subscriptions changed by an administrator, applied as if the client had sent
 * SUBSCRIBE or UNSUBSCRIBE (mqtt/subscription-control.ts), and the subscriptions of all sessions.
 */
export class SubscriptionService {
  constructor(
    private readonly broker: MqttBroker,
    private readonly sessions: SessionRegistry,
    private readonly limits: SubscriptionLimits,
  ) {}

  /** An unknown client has none, as TBMQ answers. */
  of(clientId: string): ClientSubscriptionView[] {
    return byTopicFilter(this.sessions.get(clientId)?.subscriptions ?? []).map(clientSubscriptionView);
  }

  /** Leaves unchanged subscriptions alone, so they get no retained messages again. */
  async replace(clientId: string, listed: SubscriptionSave[]): Promise<ReplacedSubscriptions> {
    const wanted = checkedSubscriptions(listed.map(subscriptionOf), this.limits);
    const current = new Map(this.session(clientId).subscriptions.map((subscription) => [subscription.topicFilter, subscription]));
    // As a client's SUBSCRIBE is refused: past the bound with a filter the session does not have yet.
    if (wanted.length > this.limits.maxSubscriptionsPerClient && wanted.some((subscription) => !current.has(subscription.topicFilter))) {
      throw ApiError.invalidArguments(`body.subscriptions holds ${wanted.length} topic filters; a client may have at most ${this.limits.maxSubscriptionsPerClient} (STARLING_MAX_SUBSCRIPTIONS_PER_CLIENT)`);
    }
    this.checkNodeBound('body.subscriptions', wanted.length - current.size);
    const wantedFilters = new Set(wanted.map((subscription) => subscription.topicFilter));
    const removed = [...current.keys()].filter((topicFilter) => !wantedFilters.has(topicFilter));
    const changed = wanted.filter((subscription) => !isDeepStrictEqual(current.get(subscription.topicFilter), subscription));
    if (removed.length > 0) await removeSubscriptions(this.broker, clientId, removed);
    if (changed.length > 0) await addSubscriptions(this.broker, clientId, changed);
    return { clientId, subscriptions: byTopicFilter(this.refreshed(clientId)).map(sessionSubscriptionView) };
  }

  async save(clientId: string, saved: SubscriptionSave): Promise<ClientSubscriptionView[]> {
    checkedFilter(saved.topicFilter, 'body.topicFilter', this.limits);
    const { subscriptions } = this.session(clientId);
    if (subscriptions.length >= this.limits.maxSubscriptionsPerClient && !subscriptions.some((subscription) => subscription.topicFilter === saved.topicFilter)) {
      throw ApiError.invalidArguments(`body.topicFilter: client ${clientId} has ${subscriptions.length} subscriptions, the most a client may have (STARLING_MAX_SUBSCRIPTIONS_PER_CLIENT)`);
    }
    if (!subscriptions.some((subscription) => subscription.topicFilter === saved.topicFilter)) this.checkNodeBound('body.topicFilter', 1);
    await addSubscriptions(this.broker, clientId, [subscriptionOf(saved)]);
    this.refreshed(clientId);
    return this.of(clientId);
  }

  async delete(clientId: string, topicFilter: string): Promise<ClientSubscriptionView[]> {
    if (!this.session(clientId).subscriptions.some((subscription) => subscription.topicFilter === topicFilter)) {
      throw ApiError.notFound(`Client ${clientId} has no subscription to ${topicFilter}`);
    }
    await removeSubscriptions(this.broker, clientId, [topicFilter]);
    this.refreshed(clientId);
    return this.of(clientId);
  }

  page(query: SubscriptionPageQuery): Page<SubscriptionInfo> {
    const matching = matchingSubscriptions(this.sessions.all(), query);
    const order = subscriptionOrder(query.sortProperty ?? 'clientId', query.sortOrder ?? 'ASC');
    const rows = selectPage(matching, order, query.page * query.pageSize, query.pageSize).map(({ clientId, ...subscription }) => ({ clientId, subscription: sessionSubscriptionView(subscription) }));
    return toPage(rows, matching.length, query);
  }

  /** Refuses `added` more subscriptions when they would take the node past STARLING_MAX_SUBSCRIPTIONS. */
  private checkNodeBound(field: string, added: number): void {
    const total = this.sessions.subscriptionCount();
    if (added > 0 && total + added > this.limits.maxSubscriptions) {
      throw ApiError.invalidArguments(`${field}: the node holds ${total} subscriptions, and may hold ${this.limits.maxSubscriptions} (STARLING_MAX_SUBSCRIPTIONS)`);
    }
  }

  /** A connected client's registry entry follows its SUBSCRIBE events; an offline one is read back from the store. */
  private refreshed(clientId: string): SessionSubscription[] {
    const session = this.session(clientId);
    if (session.connectionState === 'DISCONNECTED') this.sessions.setSubscriptions(clientId, storedSubscriptions(this.broker, clientId));
    return this.session(clientId).subscriptions;
  }

  private session(clientId: string) {
    const session = this.sessions.get(clientId);
    if (!session) throw ApiError.notFound(`Session of client ${clientId} is not found`);
    return session;
  }
}
