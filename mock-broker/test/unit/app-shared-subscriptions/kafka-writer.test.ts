// How the writer of application shared subscriptions batches records for Kafka: what goes in one
// request, and when. A recording sender stands in for the Kafka producer; the clock is Vitest's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KafkaWriter, type MetadataListener, type RecordSender } from '../../../src/app-shared-subscriptions/kafka-writer.js';
import type { KafkaSettings } from '../../../src/kafka/kafka-settings.js';

const SETTINGS: KafkaSettings = { bootstrap: [{ host: '127.0.0.1', port: 9092 }], sasl: undefined, tls: false, tlsCaFile: undefined };

/** Records each request's values; each request is answered when the test says so. */
function recordingSender() {
  const requests: { values: string[]; acks: number; answer(error?: Error): void }[] = [];
  const sender: RecordSender = {
    send: ({ messages, acks }) =>
      new Promise((resolve, reject) => {
        requests.push({ values: messages.map((message) => String(message.value?.subarray(-1))), acks, answer: (error) => (error ? reject(error) : resolve(undefined)) });
      }),
    close: async () => undefined,
  };
  return { requests, sender };
}

/** Writes a one-byte payload to Kafka topic `topic`; the answer lands in results[name]. */
function writeOne(writer: KafkaWriter, name: string, results: Record<string, string>, topic = 'kt'): void {
  writer.write([topic], 'devices/a', { qos: 1, retain: false, payload: Buffer.from(name), properties: undefined }, (error) => {
    results[name] = error ? error.message : 'stored';
  });
}

/** Lets the promise callbacks of an answered request run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the Kafka writer of application shared subscriptions', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('waits a little for a first write to have company, then sends what came in one request', async () => {
    const { requests, sender } = recordingSender();
    const writer = new KafkaWriter(SETTINGS, () => sender);
    const results: Record<string, string> = {};
    writeOne(writer, 'a', results);
    await vi.advanceTimersByTimeAsync(1);
    writeOne(writer, 'b', results);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((request) => request.values)).toEqual([['a', 'b']]);
    expect(results).toEqual({});
    requests[0]?.answer();
    await settle();
    expect(results).toEqual({ a: 'stored', b: 'stored' });
    await writer.close();
  });

  it('sends the writes that waited during a request as soon as it is answered, one request at a time', async () => {
    const { requests, sender } = recordingSender();
    const writer = new KafkaWriter(SETTINGS, () => sender);
    const results: Record<string, string> = {};
    writeOne(writer, 'a', results);
    await vi.advanceTimersByTimeAsync(2);
    expect(requests).toHaveLength(1);
    // Kafka takes its time with the first request: later writes wait for it (the order of a topic's records holds).
    writeOne(writer, 'b', results);
    writeOne(writer, 'c', results);
    await vi.advanceTimersByTimeAsync(5);
    expect(requests).toHaveLength(1);
    requests[0]?.answer();
    await settle();
    // They have waited longer than the linger already: they go with no further wait.
    expect(requests.map((request) => request.values)).toEqual([['a'], ['b', 'c']]);
    expect(results).toEqual({ a: 'stored' });
    requests[1]?.answer();
    await settle();
    expect(results).toEqual({ a: 'stored', b: 'stored', c: 'stored' });
    await writer.close();
  });

  it('lets a write that came just before the answer linger for the rest of its time', async () => {
    const { requests, sender } = recordingSender();
    const writer = new KafkaWriter(SETTINGS, () => sender);
    const results: Record<string, string> = {};
    writeOne(writer, 'a', results);
    await vi.advanceTimersByTimeAsync(2);
    await vi.advanceTimersByTimeAsync(3);
    writeOne(writer, 'b', results);
    await vi.advanceTimersByTimeAsync(1);
    requests[0]?.answer();
    await settle();
    expect(requests).toHaveLength(1);
    writeOne(writer, 'c', results);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((request) => request.values)).toEqual([['a'], ['b', 'c']]);
    await writer.close();
  });

  it('fails every write of a refused request, and starts the next request afresh', async () => {
    const { requests, sender } = recordingSender();
    let made = 0;
    const writer = new KafkaWriter(SETTINGS, () => (made++, sender));
    const results: Record<string, string> = {};
    writeOne(writer, 'a', results);
    writeOne(writer, 'b', results);
    await vi.advanceTimersByTimeAsync(2);
    requests[0]?.answer(new Error('NOT_ENOUGH_REPLICAS'));
    await settle();
    expect(results).toEqual({ a: 'NOT_ENOUGH_REPLICAS', b: 'NOT_ENOUGH_REPLICAS' });
    writeOne(writer, 'c', results);
    await vi.advanceTimersByTimeAsync(2);
    requests[1]?.answer();
    await settle();
    expect(results.c).toBe('stored');
    expect(made).toBe(2);
    await writer.close();
  });

  it("asks for the leader's acks only when every topic of a request has a single replica per partition, as the producer's metadata last said", async () => {
    const { requests, sender } = recordingSender();
    let learn: MetadataListener = () => expect.fail('the writer passes a metadata listener');
    const writer = new KafkaWriter(SETTINGS, (_settings, _partitioner, listener) => ((learn = listener), sender));
    const results: Record<string, string> = {};
    const partitions = (...replicas: number[][]) => replicas.map((nodes) => ({ leader: nodes[0] ?? -1, leaderEpoch: 0, replicas: nodes, isr: nodes, offlineReplicas: [] }));
    const metadata = (topics: Record<string, number[][]>) => ({
      topics: new Map(Object.entries(topics).map(([name, replicas]) => [name, { id: name, partitions: partitions(...replicas), partitionsCount: replicas.length, lastUpdate: 0 }])),
    });
    const send = async (...topics: string[]) => {
      for (const topic of topics) writeOne(writer, topic, results, topic);
      await vi.advanceTimersByTimeAsync(2);
      const request = requests.at(-1);
      request?.answer();
      await settle();
      return request?.acks;
    };
    // Nothing known yet: acks from all in-sync replicas (-1).
    expect(await send('one')).toBe(-1);
    learn(metadata({ one: [[1], [1]], three: [[1, 2, 3], [2, 3, 1]], mixed: [[1], [1, 2]] }));
    expect(await send('one')).toBe(1);
    expect(await send('three')).toBe(-1);
    expect(await send('mixed')).toBe(-1);
    // One topic with more replicas in the request is enough for all.
    expect(await send('one', 'three')).toBe(-1);
    // Replicas added later: the next metadata says so, and the next request waits for them.
    learn(metadata({ one: [[1, 2], [1, 2]] }));
    expect(await send('one')).toBe(-1);
    await writer.close();
  });
});
