import { isValidTopicFilter } from '../../../components/mqtt/topic-filter';
import { topicMatcher } from './topic-matches';
import type { MessageDirection, WsMessage } from './ws-message';

/** Spec section 3, web-socket client: the message filter (type, topic, QoS list, retain list). */
export interface MessageFilter {
  type: 'ALL' | MessageDirection;
  /** Text the topic contains (any case), or a topic filter when it holds a wildcard. */
  topic: string;
  /** Empty: every QoS. */
  qosList: readonly (0 | 1 | 2)[];
  /** Empty: retained or not. */
  retainList: readonly boolean[];
}

export const NO_MESSAGE_FILTER: MessageFilter = { type: 'ALL', topic: '', qosList: [], retainList: [] };

export function isFilterActive(filter: MessageFilter): boolean {
  return filter.type !== 'ALL' || filter.topic.trim() !== '' || filter.qosList.length > 0 || filter.retainList.length > 0;
}

/** Whether the topic box reads as an MQTT topic filter (it holds + or # and is a valid filter) rather than text. */
export function isTopicFilterText(text: string): boolean {
  return /[+#]/.test(text) && isValidTopicFilter(text);
}

function topicTest(text: string): ((topic: string) => boolean) | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (isTopicFilterText(trimmed)) return topicMatcher(trimmed);
  const needle = trimmed.toLowerCase();
  return (topic) => topic.toLowerCase().includes(needle);
}

/**
 * The test a message passes to be listed, built once per filter and run on each message as it
 * arrives; undefined when the filter lets everything through.
 */
export function messagePredicate(filter: MessageFilter): ((message: WsMessage) => boolean) | undefined {
  if (!isFilterActive(filter)) return undefined;
  const topic = topicTest(filter.topic);
  const { type, qosList, retainList } = filter;
  return (message) =>
    (type === 'ALL' || message.direction === type) &&
    (qosList.length === 0 || qosList.includes(message.qos)) &&
    (retainList.length === 0 || retainList.includes(message.retain)) &&
    (topic === undefined || topic(message.topic));
}
