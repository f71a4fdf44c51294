import { SHARED_SUBSCRIPTION_PREFIX } from '../../../components/mqtt/topic-filter';

/** The filter a subscription matches topics with: a shared one ($share/{name}/{filter}) by the part after its name. */
export function matchingPart(topicFilter: string): string {
  if (!topicFilter.startsWith(SHARED_SUBSCRIPTION_PREFIX)) return topicFilter;
  const rest = topicFilter.slice(SHARED_SUBSCRIPTION_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? '' : rest.slice(slash + 1);
}

/**
 * A topic filter made ready to test many topics (MQTT 5 section 4.7): "+" takes one whole level,
 * "#" the rest including none ("a/#" matches "a"), and a filter starting with a wildcard does not
 * match topics starting with "$" (section 4.7.2).
 */
export function topicMatcher(topicFilter: string): (topic: string) => boolean {
  const levels = matchingPart(topicFilter).split('/');
  const startsWithWildcard = levels[0] === '+' || levels[0] === '#';
  const multiLevel = levels[levels.length - 1] === '#';
  const fixed = multiLevel ? levels.length - 1 : levels.length;
  return (topic) => {
    if (startsWithWildcard && topic.startsWith('$')) return false;
    let start = 0;
    for (let index = 0; index < fixed; index += 1) {
      // The topic has fewer levels than the filter's fixed part.
      if (start > topic.length) return false;
      const slash = topic.indexOf('/', start);
      const end = slash < 0 ? topic.length : slash;
      const level = levels[index] as string;
      if (level !== '+' && (level.length !== end - start || !topic.startsWith(level, start))) return false;
      start = end + 1;
    }
    // All levels used: a plain filter needs the topic to end here, "#" takes whatever follows.
    return multiLevel || start === topic.length + 1;
  };
}

export const topicMatches = (topicFilter: string, topic: string): boolean => topicMatcher(topicFilter)(topic);
