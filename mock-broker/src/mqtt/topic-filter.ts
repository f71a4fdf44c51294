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
