import { ApiError } from '../http/api-error.js';
import type { RetainedView } from '../mqtt/persistence/retained-view.js';
import { isValidTopicFilter } from '../mqtt/topic-filter.js';
import { rowOf, type RetainedMessageSortProperty, type RetainedRow } from './retained-orders.js';

/** The retained messages list's filter, as the contract validated it (openapi.yaml, getRetainedMessages). */
export interface RetainedFilterParameters {
  /** Part of the topic, any case. */
  textSearch?: string;
  /** The production broker's name for the same test as textSearch. */
  topicName?: string;
  /** An MQTT topic filter the topic must match. */
  topicFilter?: string;
  qosList?: number[];
  /** Text the payload contains, any case. */
  payload?: string;
  /** Range of the time the message was stored (the contract's createdTime), epoch milliseconds. */
  startTime?: number;
  endTime?: number;
}

type Check = (row: RetainedRow) => boolean;

/** Payloads up to this size keep their text in the row for the next search; larger ones are read again each time. */
const KEPT_PAYLOAD_TEXT_BYTES = 4096;

function lowerCasePayload(row: RetainedRow): string {
  if (row.lowerCasePayload !== undefined) return row.lowerCasePayload;
  const { payload } = row.message.packet;
  const text = (typeof payload === 'string' ? payload : (payload?.toString('utf8') ?? '')).toLowerCase();
  if (text.length <= KEPT_PAYLOAD_TEXT_BYTES) row.lowerCasePayload = text;
  return text;
}

/**
 * Text searches ignore case; the lower-case text they compare is kept in the row, so that the
 * searches an operator types one after the other each cost a plain substring test per message.
 */
function containing(text: string | undefined, read: (row: RetainedRow) => string): Check | undefined {
  const search = text?.trim().toLowerCase();
  if (!search) return undefined;
  return (row) => read(row).includes(search);
}

/** The parameters' topic filter, checked: one a subscriber could use, not a shared one. */
export function topicFilterOf({ topicFilter }: RetainedFilterParameters): string | undefined {
  if (topicFilter === undefined) return undefined;
  // Retained messages are never sent on shared subscriptions (MQTT 5 section 4.8.2).
  if (!isValidTopicFilter(topicFilter) || topicFilter.startsWith('$share/')) {
    throw ApiError.invalidArguments(`query.topicFilter ${JSON.stringify(topicFilter)} is not a topic filter: '+' and '#' stand for whole levels, '#' only last`);
  }
  return topicFilter;
}

/**
 * The branch a topic filter names as a whole (`a/b/#`: `a/b`; `#`: null, every topic), or
 * undefined when the filter has a `+` or names no branch: a whole branch is matched by the start
 * of the topic, without walking the topic tree.
 */
export function wholeBranchOf(topicFilter: string): string | null | undefined {
  if (topicFilter === '#') return null;
  if (!topicFilter.endsWith('/#') || topicFilter.includes('+')) return undefined;
  return topicFilter.slice(0, -2);
}

/** Whether a topic lies in the branch (`#` at the top level leaves out `$` topics, MQTT 4.7.2). */
export function inBranch(branch: string | null): (row: RetainedRow) => boolean {
  if (branch === null) return (row) => !row.topic.startsWith('$');
  const below = `${branch}/`;
  return (row) => row.topic === branch || row.topic.startsWith(below);
}

/**
 * One predicate for every filter but the topic filter (which the topic tree answers), checking
 * that the message has not expired too; cheapest checks first.
 */
export function retainedMatcher(parameters: RetainedFilterParameters, now: number): Check {
  const { startTime, endTime, qosList } = parameters;
  const lowerCaseTopic = (row: RetainedRow) => (row.lowerCaseTopic ??= row.topic.toLowerCase());
  const topicMatches = containing(parameters.textSearch, lowerCaseTopic);
  const topicNameMatches = containing(parameters.topicName, lowerCaseTopic);
  const payloadMatches = containing(parameters.payload, lowerCasePayload);
  const allowedQos = qosList && qosList.length > 0 ? new Set(qosList) : undefined;
  const checks = [
    allowedQos && ((row: RetainedRow) => allowedQos.has(row.qos)),
    startTime === undefined ? undefined : (row: RetainedRow) => row.updatedTime >= startTime,
    endTime === undefined ? undefined : (row: RetainedRow) => row.updatedTime <= endTime,
    topicMatches,
    topicNameMatches,
    payloadMatches,
  ].filter((check): check is Check => check !== undefined);
  return (row) => {
    if (row.expiresAt <= now) return false;
    for (const check of checks) if (!check(row)) return false;
    return true;
  };
}

/** The retained messages the whole filter matches, as rows of the order given: a topic filter walks only the branches of the topic tree it can match, as a SUBSCRIBE does. */
export function matchingRetainedRows(retained: RetainedView, parameters: RetainedFilterParameters, property: RetainedMessageSortProperty = 'topic', now = Date.now()): RetainedRow[] {
  const topicFilter = topicFilterOf(parameters);
  const matches = retainedMatcher(parameters, now);
  const candidates = topicFilter === undefined ? [...retained.all(now)] : retained.matching(topicFilter, now);
  return candidates.map((message) => rowOf(message, property)).filter(matches);
}
