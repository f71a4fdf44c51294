/**
 * Whether a client may publish to this topic name (MQTT 5 section 4.7.3): at least one character,
 * no NUL, and no wildcard, since "+" and "#" belong to topic filters only.
 */
export function isValidTopicName(topic: string): boolean {
  return topic.length > 0 && !hasWildcard(topic) && !topic.includes('\u0000');
}

export function hasWildcard(topic: string): boolean {
  return /[+#]/.test(topic);
}
