// What one member of an application shared subscription keeps per partition and per record key,
// whatever its client does or whoever writes to the Kafka topic: the offsets held back behind a
// message its client never acknowledges, and the record keys it remembers.
import { describe, expect, it, vi } from 'vitest';
import { AcknowledgedOffsets, MAX_PENDING_OFFSETS } from '../../../src/app-shared-subscriptions/acknowledged-offsets.js';
import * as carried from '../../../src/app-shared-subscriptions/carried-properties.js';
import { RecordTopics } from '../../../src/app-shared-subscriptions/member-packets.js';

vi.mock('../../../src/app-shared-subscriptions/carried-properties.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/app-shared-subscriptions/carried-properties.js')>();
  return { ...original, topicNameOf: vi.fn(original.topicNameOf) };
});

describe('the offsets a partition holds back behind an unacknowledged message', () => {
  it('fill up to MAX_PENDING_OFFSETS while the first stays unacknowledged, and are all let go when it is', () => {
    const offsets = new AcknowledgedOffsets();
    // Offset 0 in flight and never acknowledged; every later one (QoS 0, skipped) acknowledged at once.
    offsets.handedOut(0n);
    let offset = 1n;
    // Bounded: a structure without a cap would take them all.
    while (!offsets.full && offset < 100_000n) {
      offsets.handedOut(offset);
      offsets.acknowledge(offset);
      offset++;
    }
    expect(offsets.pending).toBe(MAX_PENDING_OFFSETS);
    expect(offset).toBe(BigInt(MAX_PENDING_OFFSETS));
    expect(offsets.commitPoint).toBeUndefined();
    offsets.acknowledge(0n);
    expect(offsets.full).toBe(false);
    expect(offsets.pending).toBe(0);
    expect(offsets.commitPoint).toBe(offset);
  });

  it('are not full with the most an honest member has in flight, acknowledging in any order', () => {
    const offsets = new AcknowledgedOffsets();
    for (let offset = 0n; offset < 128n; offset++) offsets.handedOut(offset);
    for (let offset = 127n; offset >= 1n; offset--) offsets.acknowledge(offset);
    expect(offsets.full).toBe(false);
    expect(MAX_PENDING_OFFSETS).toBeGreaterThan(1024 + 128);
  });
});

describe('the record keys a member remembers', () => {
  it('leave out keys longer than any topic name, which so push no topic out of those kept', () => {
    const decoded = vi.mocked(carried.topicNameOf);
    const topics = new RecordTopics('plant/#');
    const known = Buffer.from('plant/line-1');
    expect(topics.of(known)).toBe('plant/line-1');
    expect(decoded).toHaveBeenCalledTimes(1);
    // As many distinct keys of 65,536 bytes as a member remembers keys at most.
    const long = Buffer.alloc(65_536, 'a');
    for (let index = 0; index < 4096; index++) {
      long.writeUInt32BE(index, 0);
      expect(topics.of(long)).toBeUndefined();
    }
    decoded.mockClear();
    expect(topics.of(known)).toBe('plant/line-1');
    // Still known: not decoded and checked again.
    expect(decoded).not.toHaveBeenCalled();
  });
});
