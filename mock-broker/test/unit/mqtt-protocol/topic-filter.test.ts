import { describe, expect, it } from 'vitest';
import { isValidTopicFilter } from '../../../src/mqtt/topic-filter.js';

describe('topic filters an administrator may subscribe a client to (MQTT 5 section 4.7)', () => {
  it.each(['a', 'a/b', '#', 'a/#', '+', '+/b/+', 'a//b', '/', '$SYS/#', '$share/group/a/+', '$share/group/#'])('accepts %s', (topicFilter) => {
    expect(isValidTopicFilter(topicFilter)).toBe(true);
  });

  it.each(['', 'a/#/b', 'a#', 'a/b#', 'a+', 'a/+b', '$share/group', '$share//a', '$share/gr+oup/a', '$share/group/a/#/b', 'a\u0000b'])('refuses %j', (topicFilter) => {
    expect(isValidTopicFilter(topicFilter)).toBe(false);
  });
});
