/** MQTT 5 section 4.8.2: a shared subscription's filter reads $share/{ShareName}/{filter}. */
export const SHARED_SUBSCRIPTION_PREFIX = '$share/';

/**
 * Whether a client could subscribe with this topic filter (MQTT 5 section 4.7.1): at least one
 * character, no NUL, "+" only as a whole level, "#" only as the whole last level; a shared one needs a
 * share name without wildcards or slashes and a valid filter after it.
 */
export function isValidTopicFilter(topicFilter: string): boolean {
  if (topicFilter.startsWith(SHARED_SUBSCRIPTION_PREFIX)) {
    const rest = topicFilter.slice(SHARED_SUBSCRIPTION_PREFIX.length);
    const slash = rest.indexOf('/');
    const shareName = rest.slice(0, Math.max(slash, 0));
    return slash > 0 && !/[+#]/.test(shareName) && isValidTopicFilter(rest.slice(slash + 1));
  }
  if (topicFilter.length === 0 || topicFilter.includes('\u0000')) return false;
  const levels = topicFilter.split('/');
  const lastIndex = levels.length - 1;
  return levels.every((level, index) => {
    if (level.includes('#')) return level === '#' && index === lastIndex;
    if (level.includes('+')) return level === '+';
    return true;
  });
}

export function isSharedTopicFilter(topicFilter: string): boolean {
  return topicFilter.startsWith(SHARED_SUBSCRIPTION_PREFIX);
}
