import { parseSharedTopic } from './shared-subscriptions.js';

/**
 * Whether a client could SUBSCRIBE with this topic filter (MQTT 5 section 4.7): `#` only as the
 * whole last level, `+` only as a whole level, no NUL; `$share/{name}/{filter}` with a valid filter.
 */
export function isValidTopicFilter(topicFilter: string): boolean {
  if (topicFilter.startsWith('$share/')) {
    const shared = parseSharedTopic(topicFilter);
    return shared !== undefined && isValidTopicFilter(shared.topicFilter);
  }
  if (topicFilter === '' || topicFilter.includes('\u0000')) return false;
  const levels = topicFilter.split('/');
  return levels.every((level, index) => {
    if (level.includes('#')) return level === '#' && index === levels.length - 1;
    return !level.includes('+') || level === '+';
  });
}

/** Whether an MQTT topic name matches a topic filter (MQTT 5 section 4.7); `$` topics never match a root wildcard. */
export function topicMatches(topicFilter: string, topic: string): boolean {
  if (topic.startsWith('$') && /^[+#]/.test(topicFilter)) return false;
  const filterLevels = topicFilter.split('/');
  const topicLevels = topic.split('/');
  for (let index = 0; index < filterLevels.length; index++) {
    const level = filterLevels[index];
    if (level === '#') return true;
    if (index >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[index]) return false;
  }
  return filterLevels.length === topicLevels.length;
}
