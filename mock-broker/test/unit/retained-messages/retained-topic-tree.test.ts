import { describe, expect, it } from 'vitest';
import { RetainedTopicTree } from '../../../src/mqtt/persistence/retained-topic-tree.js';

const TOPICS = ['a', 'a/b', 'a/b/c', 'a/x/c', 'b/b', '/lead', '$SYS/broker', 'a//c'];

function tree() {
  const topics = new RetainedTopicTree<string>();
  for (const topic of TOPICS) topics.set(topic, topic);
  return topics;
}

describe('retained topic tree (MQTT 4.7 filter matching)', () => {
  it.each([
    ['a/b', ['a/b']],
    ['a/+', ['a/b']],
    ['a/+/c', ['a/b/c', 'a/x/c', 'a//c']],
    ['a/#', ['a', 'a/b', 'a/b/c', 'a/x/c', 'a//c']],
    ['+/b', ['a/b', 'b/b']],
    ['#', ['a', 'a/b', 'a/b/c', 'a/x/c', 'a//c', 'b/b', '/lead']],
    ['+/+', ['a/b', 'b/b', '/lead']],
    ['$SYS/#', ['$SYS/broker']],
    ['+/broker', []],
    ['nothing/#', []],
  ])('%s matches %j', (filter, expected) => {
    expect([...tree().match(filter)].sort()).toEqual([...expected].sort());
  });

  it('forgets a deleted topic and the empty levels it leaves, keeping the others', () => {
    const topics = tree();
    topics.delete('a/b/c');
    topics.delete('a/b');
    topics.delete('not/there');
    expect([...topics.match('a/#')].sort()).toEqual(['a', 'a//c', 'a/x/c']);
    topics.set('a/b/c', 'again');
    expect([...topics.match('a/b/#')]).toEqual(['again']);
  });

  it('sums up each branch and works its newest time out again after the newest entry goes', () => {
    const measured = new RetainedTopicTree<{ bytes: number; time: number }>((entry) => entry);
    measured.set('site/a/temp', { bytes: 10, time: 100 });
    measured.set('site/a/hum', { bytes: 5, time: 300 });
    measured.set('site/b', { bytes: 1, time: 200 });
    measured.set('other', { bytes: 7, time: 50 });
    const summary = (branch: string | undefined) =>
      measured.branches(branch)?.map(({ name, count, bytes, newest, hasEntry, hasChildren }) => [name, count, bytes, newest, hasEntry, hasChildren]);
    expect(summary(undefined)).toEqual([
      ['site', 3, 16, 300, false, true],
      ['other', 1, 7, 50, true, false],
    ]);
    expect(summary('site')).toEqual([
      ['a', 2, 15, 300, false, true],
      ['b', 1, 1, 200, true, false],
    ]);
    measured.delete('site/a/hum');
    expect(summary('site')).toEqual([
      ['a', 1, 10, 100, false, true],
      ['b', 1, 1, 200, true, false],
    ]);
    expect(summary(undefined)?.[0]).toEqual(['site', 2, 11, 200, false, true]);
    // A replacement stored with an earlier time (a clock set back) is the branch's newest no more.
    measured.set('site/b', { bytes: 4, time: 20 });
    expect(summary(undefined)?.[0]).toEqual(['site', 2, 14, 100, false, true]);
    measured.delete('site/a/temp');
    measured.delete('site/b');
    expect(summary(undefined)).toEqual([['other', 1, 7, 50, true, false]]);
    expect(measured.branches('site')).toBeUndefined();
  });
});
