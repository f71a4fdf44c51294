import type { MessageDescriptor } from 'react-intl';
import type { WsMqttVersion } from '../../../api/generated/model/wsMqttVersion';
import type { WsSubscription } from '../../../api/generated/model/wsSubscription';
import type { WsSubscriptionConfiguration } from '../../../api/generated/model/wsSubscriptionConfiguration';
import type { WsSubscriptionOptionsRetainHandling } from '../../../api/generated/model/wsSubscriptionOptionsRetainHandling';
import { COLOUR_PRESETS, isValidColour } from '../../../components/colour-picker/colour-rules';
import { noLocalError, subscriptionIdError, topicFilterError } from '../../../components/mqtt/subscription-rules';
import { SHARED_SUBSCRIPTION_PREFIX } from '../../../components/mqtt/topic-filter';

/** Spec section 3: the topic filter a new subscription starts with. */
export const DEFAULT_TOPIC_FILTER = 'sensors/#';

/**
 * Above this many messages a second a subscription to every topic floods the page (each message is
 * kept and drawn in the browser); below it, the broker is quiet enough to watch whole.
 */
export const BUSY_BROKER_MESSAGE_RATE = 100;

export type SubscriptionQos = 0 | 1 | 2;

/**
 * A saved subscription's QoS as MQTT has it: the production broker keeps any number it was given,
 * and one it could not have subscribed with reads as QoS 2, the most a broker grants.
 */
export const subscriptionQosOf = (qos: number): SubscriptionQos => (qos === 0 || qos === 1 ? qos : 2);

export interface WsSubscriptionFormValues {
  topicFilter: string;
  qos: SubscriptionQos;
  /** Null until one is chosen. */
  color: string | null;
  noLocal: boolean;
  retainAsPublish: boolean;
  retainHandling: WsSubscriptionOptionsRetainHandling;
  /** As typed; empty for none. */
  subscriptionId: string;
}

export type WsSubscriptionFormField = 'topicFilter' | 'color' | 'noLocal' | 'subscriptionId';
export type WsSubscriptionFormErrors = Partial<Record<WsSubscriptionFormField, MessageDescriptor>>;

/** MQTT 5 brought the subscription options beyond QoS and the subscription identifier. */
export const supportsSubscriptionOptions = (mqttVersion: WsMqttVersion) => mqttVersion >= 5;

/** The first preset colour none of the connection's subscriptions wears yet; the first preset once all are worn. */
export function unusedPresetColour(usedColours: readonly string[]): string {
  const used = new Set(usedColours.map((colour) => colour.toLowerCase()));
  return COLOUR_PRESETS.find((preset) => !used.has(preset.toLowerCase())) ?? COLOUR_PRESETS[0] ?? '#000000';
}

export function newSubscriptionForm(usedColours: readonly string[]): WsSubscriptionFormValues {
  return { topicFilter: DEFAULT_TOPIC_FILTER, qos: 1, color: unusedPresetColour(usedColours), noLocal: false, retainAsPublish: false, retainHandling: 0, subscriptionId: '' };
}

export function subscriptionFormValuesOf({ configuration }: WsSubscription): WsSubscriptionFormValues {
  return {
    topicFilter: configuration.topicFilter,
    qos: subscriptionQosOf(configuration.qos),
    // Saved without one (the production broker's own page lets that be): the form asks for one.
    color: configuration.color ?? null,
    noLocal: configuration.options?.noLocal === true,
    retainAsPublish: configuration.options?.retainAsPublish === true,
    retainHandling: configuration.options?.retainHandling ?? 0,
    subscriptionId: configuration.subscriptionId == null ? '' : String(configuration.subscriptionId),
  };
}

/**
 * The broker's checks in advance; `otherTopicFilters` are the connection's other subscriptions (one
 * per filter). The MQTT 5 options are checked only where the connection sends them.
 */
export function validateSubscriptionForm(values: WsSubscriptionFormValues, mqttVersion: WsMqttVersion, otherTopicFilters: readonly string[]): WsSubscriptionFormErrors {
  const errors: WsSubscriptionFormErrors = {};
  const topicFilter = topicFilterError(values.topicFilter, []);
  if (topicFilter) errors.topicFilter = topicFilter;
  else if (otherTopicFilters.includes(values.topicFilter.trim())) errors.topicFilter = { id: 'ws-client.subscription.topic-filter-duplicate' };
  if (values.color === null || values.color.trim() === '') errors.color = { id: 'ws-client.subscription.color-required' };
  else if (!isValidColour(values.color)) errors.color = { id: 'ws-client.subscription.color-invalid' };
  if (supportsSubscriptionOptions(mqttVersion)) {
    const noLocal = noLocalError(values.topicFilter, values.noLocal);
    if (noLocal) errors.noLocal = noLocal;
    const subscriptionId = subscriptionIdError(values.subscriptionId);
    if (subscriptionId) errors.subscriptionId = subscriptionId;
  }
  return errors;
}

/** What POST /api/ws/subscription saves and the client subscribes with; MQTT 3.x leaves the MQTT 5 options out. */
export function subscriptionConfigurationOf(values: WsSubscriptionFormValues, mqttVersion: WsMqttVersion): WsSubscriptionConfiguration {
  const configuration: WsSubscriptionConfiguration = { topicFilter: values.topicFilter.trim(), qos: values.qos, color: values.color ?? '' };
  if (!supportsSubscriptionOptions(mqttVersion)) return configuration;
  const options = { noLocal: values.noLocal, retainAsPublish: values.retainAsPublish, retainHandling: values.retainHandling };
  const id = values.subscriptionId.trim();
  return id === '' ? { ...configuration, options } : { ...configuration, options, subscriptionId: Number(id) };
}

/**
 * Whether a filter takes every topic of the broker: only wildcard levels, ending in "#" ("#",
 * "+/#", a shared "$share/g/#"…). Topics starting with "$" stay out of them (MQTT 5 section 4.7.2),
 * but those are the broker's own few.
 */
export function matchesEveryTopic(topicFilter: string): boolean {
  let filter = topicFilter.trim();
  if (filter.startsWith(SHARED_SUBSCRIPTION_PREFIX)) filter = filter.slice(filter.indexOf('/', SHARED_SUBSCRIPTION_PREFIX.length) + 1);
  const levels = filter.split('/');
  return levels.at(-1) === '#' && levels.every((level) => level === '+' || level === '#');
}

/** Ask first before taking every topic of a broker that is busy, or whose rate is not known. */
export function needsEveryTopicWarning(topicFilter: string, brokerMessageRate: number | null): boolean {
  return matchesEveryTopic(topicFilter) && (brokerMessageRate === null || brokerMessageRate >= BUSY_BROKER_MESSAGE_RATE);
}

/** Whether the client must subscribe anew after an edit: something the broker holds changed (the colour is the page's own). */
export function changesClientSubscription(before: WsSubscriptionConfiguration, after: WsSubscriptionConfiguration): boolean {
  const held = ({ topicFilter, qos, options, subscriptionId }: WsSubscriptionConfiguration) =>
    [topicFilter, qos, options?.noLocal === true, options?.retainAsPublish === true, options?.retainHandling ?? 0, subscriptionId ?? null].join('\u0000');
  return held(before) !== held(after);
}
