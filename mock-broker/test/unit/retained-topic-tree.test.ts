import { describe, expect, it } from 'vitest';
import { RetainedTopicTree } from '../../src/mqtt/persistence/retained-topic-tree.js';

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
});
