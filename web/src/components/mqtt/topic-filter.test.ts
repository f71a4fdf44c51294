import { describe, expect, it } from 'vitest';
import { isSharedTopicFilter, isValidTopicFilter } from './topic-filter';

describe('topic filters (MQTT 5 section 4.7)', () => {
  it('takes plain filters and wildcards used as whole levels', () => {
    for (const filter of ['sensors/temperature', 'sensors/+/temperature', 'sensors/#', '#', '+', '/', '+/+', '$SYS/#']) {
      expect(isValidTopicFilter(filter), filter).toBe(true);
    }
  });

  it('refuses empty filters and wildcards inside a level or before the end', () => {
    for (const filter of ['', 'sensors/temp#', 'sensors/#/x', 'sensors/te+mp', 'a\u0000b']) {
      expect(isValidTopicFilter(filter), filter).toBe(false);
    }
  });

  it('checks the share name and the filter of a shared subscription', () => {
    expect(isValidTopicFilter('$share/group/sensors/#')).toBe(true);
    expect(isValidTopicFilter('$share/group')).toBe(false);
    expect(isValidTopicFilter('$share//sensors')).toBe(false);
    expect(isValidTopicFilter('$share/gr+oup/sensors')).toBe(false);
    expect(isValidTopicFilter('$share/group/sensors/#/x')).toBe(false);
    expect(isSharedTopicFilter('$share/group/sensors')).toBe(true);
    expect(isSharedTopicFilter('sensors')).toBe(false);
  });
});
