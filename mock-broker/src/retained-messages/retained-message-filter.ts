import { ApiError } from '../http/api-error.js';
import { containsIgnoringCase } from '../lists/text-match.js';
import type { RetainedView, StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';

/** The retained messages list's filter, as the contract validated it (openapi.yaml, getRetainedMessages). */
export interface RetainedFilterParameters {
  /** Part of the topic, any case. */
  textSearch?: string;
  /** An MQTT topic filter the topic must match. */
  topicFilter?: string;
  qosList?: number[];
  /** Text the payload contains, any case. */
  payload?: string;
  /** Range of the time the message was stored (updatedTime), epoch milliseconds. */
  startTime?: number;
  endTime?: number;
}

type Check = (message: StoredRetainedMessage) => boolean;

export function payloadText(message: StoredRetainedMessage): string {
  const { payload } = message.packet;
  return typeof payload === 'string' ? payload : (payload?.toString('utf8') ?? '');
}

function validTopicFilter(topicFilter: string | undefined): string | undefined {
  if (topicFilter === undefined) return undefined;
  // Retained messages are never sent on shared subscriptions (MQTT 5 section 4.8.2).
  if (!isValidTopicFilter(topicFilter) || topicFilter.startsWith('$share/')) {
    throw ApiError.badRequest(`Invalid request: query.topicFilter ${JSON.stringify(topicFilter)} is not a topic filter: '+' and '#' stand for whole levels, '#' only last`);
  }
  return topicFilter;
}

/**
 * The retained messages the filter matches: a topic filter walks only the branches of the topic
 * tree it can match, as a SUBSCRIBE does; the other checks then run on what it found, cheapest first.
 */
export function* matchingRetainedMessages(retained: RetainedView, parameters: RetainedFilterParameters, now = Date.now()): Generator<StoredRetainedMessage> {
  const topicFilter = validTopicFilter(parameters.topicFilter);
  const { startTime, endTime, qosList } = parameters;
  const topicMatches = containsIgnoringCase(parameters.textSearch);
  const payloadMatches = containsIgnoringCase(parameters.payload);
  const allowedQos = qosList && qosList.length > 0 ? new Set(qosList) : undefined;
  const checks = [
    allowedQos && ((message: StoredRetainedMessage) => allowedQos.has(message.packet.qos ?? 0)),
    startTime === undefined ? undefined : (message: StoredRetainedMessage) => message.updatedTime >= startTime,
    endTime === undefined ? undefined : (message: StoredRetainedMessage) => message.updatedTime <= endTime,
    topicMatches && ((message: StoredRetainedMessage) => topicMatches(message.packet.topic ?? '')),
    payloadMatches && ((message: StoredRetainedMessage) => payloadMatches(payloadText(message))),
  ].filter((check): check is Check => check !== undefined);
  const candidates = topicFilter === undefined ? retained.all(now) : retained.matching(topicFilter, now);
  for (const message of candidates) {
    if (checks.every((check) => check(message))) yield message;
  }
}
