import { describe, expect, it } from 'vitest';
import { matchingPart, topicMatches } from './topic-matches';

describe('topic filters matching topics (MQTT 5 section 4.7)', () => {
  it('matches exact topics level by level', () => {
    expect(topicMatches('sensors/temperature', 'sensors/temperature')).toBe(true);
    expect(topicMatches('sensors/temperature', 'sensors/temperature/x')).toBe(false);
    expect(topicMatches('sensors/temperature', 'sensors')).toBe(false);
    expect(topicMatches('sensors/temp', 'sensors/temperature')).toBe(false);
    expect(topicMatches('/a', '/a')).toBe(true);
    expect(topicMatches('a/', 'a')).toBe(false);
  });

  it('takes one whole level for "+", empty levels included', () => {
    expect(topicMatches('sensors/+/temperature', 'sensors/7/temperature')).toBe(true);
    expect(topicMatches('sensors/+/temperature', 'sensors//temperature')).toBe(true);
    expect(topicMatches('sensors/+/temperature', 'sensors/7/8/temperature')).toBe(false);
    expect(topicMatches('+', 'a')).toBe(true);
    expect(topicMatches('+', 'a/b')).toBe(false);
    expect(topicMatches('+/+', '/a')).toBe(true);
  });

  it('takes the rest for "#", the parent level too', () => {
    expect(topicMatches('sensors/#', 'sensors')).toBe(true);
    expect(topicMatches('sensors/#', 'sensors/a/b/c')).toBe(true);
    expect(topicMatches('sensors/#', 'sensorsx/a')).toBe(false);
    expect(topicMatches('#', 'anything/at/all')).toBe(true);
    expect(topicMatches('sensors/+/#', 'sensors/a')).toBe(true);
    expect(topicMatches('sensors/+/#', 'sensors')).toBe(false);
  });

  it('keeps topics starting with $ from filters that start with a wildcard', () => {
    expect(topicMatches('#', '$SYS/broker')).toBe(false);
    expect(topicMatches('+/broker', '$SYS/broker')).toBe(false);
    expect(topicMatches('$SYS/#', '$SYS/broker')).toBe(true);
  });

  it('matches a shared subscription by the filter after its share name', () => {
    expect(matchingPart('$share/group/sensors/#')).toBe('sensors/#');
    expect(topicMatches('$share/group/sensors/#', 'sensors/a')).toBe(true);
    expect(topicMatches('$share/group/sensors/+', 'other/a')).toBe(false);
  });
});
