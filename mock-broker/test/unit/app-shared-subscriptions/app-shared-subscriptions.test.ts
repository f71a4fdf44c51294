import { describe, expect, it } from 'vitest';
import { AcknowledgedOffsets } from '../../../src/app-shared-subscriptions/acknowledged-offsets.js';
import { consumerGroupFor, decodeKafkaMessage, encodeKafkaMessage, kafkaTopicFor } from '../../../src/app-shared-subscriptions/app-shared-subscription.js';
import { topicMatches } from '../../../src/mqtt/topic-filter.js';
import { topicNameOf } from '../../../src/app-shared-subscriptions/carried-properties.js';
import { PartitionOwners, type PartitionClaimant } from '../../../src/app-shared-subscriptions/partition-owners.js';

describe('the commit point of acknowledged offsets', () => {
  it('moves only over the acknowledged run from the start, whatever order acknowledgements come in', () => {
    const offsets = new AcknowledgedOffsets();
    for (const offset of [10n, 11n, 12n, 14n]) offsets.handedOut(offset);
    expect(offsets.commitPoint).toBeUndefined();
    offsets.acknowledge(11n);
    expect(offsets.commitPoint).toBeUndefined();
    offsets.acknowledge(10n);
    expect(offsets.commitPoint).toBe(12n);
    offsets.acknowledge(14n);
    expect(offsets.commitPoint).toBe(12n);
    expect(offsets.pending).toBe(2);
    // Offsets may leave gaps (a message not handed out): the run goes over what was handed out.
    offsets.acknowledge(12n);
    expect(offsets.commitPoint).toBe(15n);
    expect(offsets.pending).toBe(0);
  });

  it('keeps up over many messages', () => {
    const offsets = new AcknowledgedOffsets();
    for (let offset = 0n; offset < 5000n; offset++) offsets.handedOut(offset);
    for (let offset = 4999n; offset >= 1n; offset--) offsets.acknowledge(offset);
    expect(offsets.commitPoint).toBeUndefined();
    offsets.acknowledge(0n);
    expect(offsets.commitPoint).toBe(5000n);
  });
});

describe('Kafka names of application shared subscriptions', () => {
  it('makes legal, bounded, distinct topic names', () => {
    const names = ['a/+', 'a/#', 'a/_', 'a-/', 'sensors/ü/temperature', `${'x/'.repeat(600)}#`].map(kafkaTopicFor);
    for (const name of names) {
      expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
      expect(name.length).toBeLessThanOrEqual(249);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(kafkaTopicFor('a/+')).toBe(kafkaTopicFor('a/+'));
  });

  it('gives each share name of a subscription its own bounded group', () => {
    const subscription = { id: 'f9d1c2b0-1111-2222-3333-444455556666' };
    expect(consumerGroupFor(subscription, 'workers')).not.toBe(consumerGroupFor(subscription, 'Workers'));
    expect(consumerGroupFor(subscription, 'workers')).not.toBe(consumerGroupFor({ id: 'other' }, 'workers'));
    expect(consumerGroupFor(subscription, 'w'.repeat(5000)).length).toBeLessThan(160);
  });
});

describe('topic matching', () => {
  it.each([
    ['a/+/c', 'a/b/c', true],
    ['a/+/c', 'a/b/d', false],
    ['a/#', 'a', true],
    ['a/#', 'a/b/c', true],
    ['#', '$SYS/x', false],
    ['+/x', '$SYS/x', false],
    ['a/b', 'a/b/c', false],
    ['a/+', 'a/', true],
  ])('%s matches %s: %s', (filter, topic, matches) => {
    expect(topicMatches(filter, topic)).toBe(matches);
  });
});

describe('the Kafka record value of a message', () => {
  it('round-trips payload, QoS, retain and properties, compactly', () => {
    const message = {
      qos: 2 as const,
      retain: true,
      payload: Buffer.from('hello'),
      properties: { contentType: 'text/plain', correlationData: Buffer.from([1, 2]), userProperties: { a: ['1', '2'] }, responseTopic: 'r', payloadFormatIndicator: true },
    };
    expect(decodeKafkaMessage(encodeKafkaMessage(message))).toEqual(message);
    const bare = encodeKafkaMessage({ qos: 1, retain: false, payload: Buffer.from('x') });
    expect(bare.length).toBe(3);
    expect(decodeKafkaMessage(bare)).toEqual({ qos: 1, retain: false, payload: Buffer.from('x') });
  });

  it('refuses values it did not write', () => {
    expect(decodeKafkaMessage(undefined)).toBeUndefined();
    expect(decodeKafkaMessage(Buffer.from('{"json":true}'))).toBeUndefined();
    expect(decodeKafkaMessage(Buffer.from([1, 0b1000, 0, 0, 0, 50, 1]))).toBeUndefined();
    expect(decodeKafkaMessage(Buffer.from([1, 3]))).toBeUndefined();
  });

  it('keeps of the properties a record holds only the carried ones with their MQTT types and limits (MQTT 5.0 sections 1.5.4, 3.3.2.3)', () => {
    const json = Buffer.from(JSON.stringify({
      contentType: 'a\u0000b',
      responseTopic: 'r/+',
      correlationData: Buffer.alloc(70_000).toString('base64'),
      userProperties: { ok: 'yes', lone: '\ud800', list: ['a', null, 'b'] },
      topicAlias: 3,
      payloadFormatIndicator: true,
    }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const value = (payload: Buffer) => Buffer.concat([Buffer.from([1, 0b1001]), length, json, payload]);
    expect(decodeKafkaMessage(value(Buffer.from([0xc3, 0x28])))).toEqual({ qos: 1, retain: false, payload: Buffer.from([0xc3, 0x28]), properties: { userProperties: { ok: 'yes', list: ['a', 'b'] } } });
    expect(decodeKafkaMessage(value(Buffer.from('text')))?.properties).toEqual({ userProperties: { ok: 'yes', list: ['a', 'b'] }, payloadFormatIndicator: true });
    const arrayJson = Buffer.from('[1]');
    expect(decodeKafkaMessage(Buffer.concat([Buffer.from([1, 0b1000, 0, 0, 0, arrayJson.length]), arrayJson]))).toBeUndefined();
  });
});

describe('the MQTT topic of a record key', () => {
  it.each([
    ['a topic name', Buffer.from('plant/line-1'), 'plant/line-1'],
    ['ill-formed UTF-8', Buffer.from([0x61, 0xff]), undefined],
    ['a single-level wildcard', Buffer.from('a/+'), undefined],
    ['a multi-level wildcard', Buffer.from('a/#'), undefined],
    ['U+0000', Buffer.from('a\u0000b'), undefined],
    ['empty', Buffer.alloc(0), undefined],
    ['65,536 bytes', Buffer.alloc(65_536, 'a'), undefined],
    ['no key', undefined, undefined],
  ])('%s (MQTT 5.0 sections 1.5.4, 3.3.2.1)', (_what, key, topic) => {
    expect(topicNameOf(key)).toBe(topic);
  });
});

describe('partition owners on one node', () => {
  const claimant = (assigned: number[], taken: number[]): PartitionClaimant => ({
    isAssigned: (partition) => assigned.includes(partition),
    take: (partition) => {
      taken.push(partition);
      return true;
    },
  });

  it('hands a partition to the member Kafka assigned it only once the holder lets go, with where to start', () => {
    const owners = new PartitionOwners();
    const takenByB: number[] = [];
    // Kafka moved partition 0 from a to b.
    const a = claimant([], []);
    const b = claimant([0], takenByB);
    owners.members.add(a).add(b);
    expect(owners.claim(0, a)).toEqual({ startAt: undefined });
    expect(owners.claim(0, b)).toBe(false);
    owners.release(0, a, 42n);
    expect(takenByB).toEqual([0]);
    expect(owners.claim(0, b)).toEqual({ startAt: 42n });
    // An older commit point never moves the start back.
    owners.release(0, b, 40n);
    expect(owners.claim(0, a)).toEqual({ startAt: 42n });
  });
});
