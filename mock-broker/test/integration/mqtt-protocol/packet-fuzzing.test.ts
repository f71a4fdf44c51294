import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { inbox, pause } from '../../support/mqtt/mqtt-clients.js';

/**
 * Mutated MQTT 3.1.1 and 5 packets from valid seeds against a running node: it must never crash,
 * keep serving a well-behaved client throughout, and hold no more memory afterwards than before.
 */
const suite = useBrokerSuite();

const PACKETS_AT_LEAST = 20_000;
// The fuzzing stops once that many went out; the time limit is only for
// a node that stopped taking connections, and leaves a busy machine room to get there.
const TIME_LIMIT_MS = 150_000;
const PARALLEL_CONNECTIONS = 16;
const PACKETS_PER_CONNECTION = 40;
const WARM_UP_PACKETS = 4_000;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** A small deterministic generator, so that a failing run can be repeated from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T };
}
type Random = ReturnType<typeof random>;

function seeds(protocolVersion: 4 | 5): Buffer[] {
  const v5 = protocolVersion === 5;
  const properties = <T extends object>(value: T) => (v5 ? { properties: value } : {});
  const packets: Packet[] = [
    { cmd: 'publish', topic: 'fuzz/a', payload: Buffer.from('{"t":1}'), qos: 0, retain: false, dup: false, ...properties({ contentType: 'application/json', userProperties: { k: 'v' } }) },
    { cmd: 'publish', topic: 'fuzz/b/c', payload: Buffer.from('x'), qos: 1, messageId: 7, retain: false, dup: false, ...properties({ messageExpiryInterval: 30, topicAlias: 3 }) },
    { cmd: 'publish', topic: 'fuzz/q2', payload: Buffer.alloc(40, 1), qos: 2, messageId: 9, retain: false, dup: false, ...properties({ responseTopic: 'fuzz/r', correlationData: Buffer.from('c') }) },
    { cmd: 'subscribe', messageId: 3, subscriptions: [{ topic: 'fuzz/+/c', qos: 1, ...(v5 ? { nl: true, rap: true, rh: 1 } : {}) }], ...properties({ subscriptionIdentifier: 5 }) },
    { cmd: 'subscribe', messageId: 4, subscriptions: [{ topic: '$share/g/fuzz/#', qos: 2 }] },
    { cmd: 'unsubscribe', messageId: 5, unsubscriptions: ['fuzz/+/c'] },
    { cmd: 'puback', messageId: 7 },
    { cmd: 'pubrec', messageId: 9 },
    { cmd: 'pubrel', messageId: 9 },
    { cmd: 'pubcomp', messageId: 9 },
    { cmd: 'pingreq' },
    { cmd: 'disconnect', ...(v5 ? { reasonCode: 0, properties: { sessionExpiryInterval: 0 } } : {}) },
  ] as Packet[];
  return packets.map((packet) => mqttPacket.generate(packet, { protocolVersion }));
}

function connectPacket(protocolVersion: 4 | 5, clientId: string, rng: Random): Buffer {
  return mqttPacket.generate(
    {
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion,
      clientId,
      clean: rng.next() < 0.7,
      keepalive: 30,
      ...(rng.next() < 0.3 ? { will: { topic: 'fuzz/will', payload: Buffer.from('w'), qos: 1, retain: false } } : {}),
      ...(protocolVersion === 5 ? { properties: { sessionExpiryInterval: rng.pick([0, 5]), receiveMaximum: rng.pick([1, 10, 100]), topicAliasMaximum: rng.pick([0, 4]) } } : {}),
    },
    { protocolVersion },
  );
}

/** One mutation of a valid packet: flipped bits, replaced, inserted or removed bytes, cut short, or a lying length. */
function mutate(packet: Buffer, rng: Random): Buffer {
  const bytes = Buffer.from(packet);
  switch (rng.below(6)) {
    case 0:
      for (let flips = 1 + rng.below(3); flips > 0; flips -= 1) {
        const at = rng.below(bytes.length);
        bytes[at] = (bytes[at] ?? 0) ^ (1 << rng.below(8));
      }
      return bytes;
    case 1:
      bytes[rng.below(bytes.length)] = rng.pick([0x00, 0xff, 0x7f, 0x80, 0x2f, 0x23, 0x2b, 0x24]);
      return bytes;
    case 2: {
      const at = rng.below(bytes.length);
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(Array.from({ length: 1 + rng.below(8) }, () => rng.below(256))), bytes.subarray(at)]);
    }
    case 3:
      return bytes.subarray(0, rng.below(bytes.length));
    case 4:
      // The remaining length byte(s) claim more or less than follows.
      bytes[1] = rng.below(256);
      return bytes;
    default:
      return Buffer.concat([bytes, bytes.subarray(0, rng.below(bytes.length))]);
  }
}

/** One connection: a CONNECT (mutated now and then), then mutated and intact packets, then gone. */
function fuzzConnection(port: number, rng: Random, protocolVersion: 4 | 5, clientId: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    const finish = () => {
      socket.destroy();
      resolve(sent);
    };
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('data', () => undefined);
    socket.once('connect', async () => {
      const connect = connectPacket(protocolVersion, clientId, rng);
      socket.write(rng.next() < 0.1 ? mutate(connect, rng) : connect);
      sent += 1;
      const pool = seeds(protocolVersion);
      for (let index = 0; index < PACKETS_PER_CONNECTION && !socket.destroyed; index += 1) {
        const seed = rng.pick(pool);
        socket.write(rng.next() < 0.6 ? mutate(seed, rng) : seed);
        sent += 1;
        if (index % 10 === 9) await pause(1);
      }
      finish();
    });
  });
}

/** Runs fuzzing connections side by side until `count` packets went out (or `goOn` says stop); answers how many. */
async function fuzz(port: number, rng: Random, count: number, goOn: () => boolean): Promise<{ packets: number; connections: number }> {
  const sent = { packets: 0, connections: 0 };
  const lane = async (index: number) => {
    while (sent.packets < count && goOn()) {
      sent.connections += 1;
      sent.packets += await fuzzConnection(port, rng, rng.next() < 0.5 ? 4 : 5, `fuzz-${index}-${rng.below(4)}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CONNECTIONS }, (_, index) => lane(index)));
  return sent;
}

/** What fuzzing legitimately leaves behind (persistent sessions, retained messages) is removed. */
async function forgetFuzzState(): Promise<void> {
  await pause(500);
  const { sessions, retainedMessages } = suite.node.mqtt.broker.persistence;
  for (const session of sessions.list()) if (/^fuzz-\d/.test(session.clientId)) sessions.remove(session.clientId);
  for (const topic of [...retainedMessages.all()].map((retained) => retained.packet.topic ?? '')) retainedMessages.delete(topic);
  await pause(200);
}

function heapAfterCollection(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe('packet fuzzing', () => {
  it(`survives ${PACKETS_AT_LEAST.toLocaleString('en')} mutated MQTT 3.1.1 and 5 packets, serving a well-behaved client throughout, with its memory where it began`, { timeout: TIME_LIMIT_MS + 60_000 }, async () => {
    const seed = Date.now() % 1_000_000;
    const rng = random(seed);
    const subscriber = await suite.clients.connect({ protocolVersion: 5, clientId: 'fuzz-health-sub' });
    await subscriber.subscribeAsync('health/#', { qos: 1 });
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect({ protocolVersion: 4, clientId: 'fuzz-health-pub' });
    // Answered when it comes, however busy the machine; one that came after its check gave up is passed over.
    const roundTrip = async (n: number) => {
      await publisher.publishAsync(`health/${n}`, String(n), { qos: 1 });
      while ((await received.next()).payload !== String(n));
      return true;
    };
    expect(await roundTrip(0)).toBe(true);
    // A first round fills what is meant to stay (compiled code, bounded caches and logs), so the
    // comparison below sees what the fuzzing leaves behind, not what the node needs once.
    await fuzz(suite.node.mqttPort, rng, WARM_UP_PACKETS, () => true);
    await forgetFuzzState();
    const before = heapAfterCollection();

    let healthChecks = 0;
    let healthFailures = 0;
    const started = Date.now();
    let fuzzing = true;
    const run = fuzz(suite.node.mqttPort, rng, PACKETS_AT_LEAST, () => Date.now() - started < TIME_LIMIT_MS).finally(() => {
      fuzzing = false;
    });
    const health = (async () => {
      while (fuzzing) {
        healthChecks += 1;
        if (!(await roundTrip(healthChecks).catch(() => false))) healthFailures += 1;
        await pause(200);
      }
    })();
    const [{ packets, connections }] = await Promise.all([run, health]);

    expect({ seed, enoughPackets: packets >= PACKETS_AT_LEAST }).toEqual({ seed, enoughPackets: true });
    expect({ seed, healthChecks, healthFailures }).toEqual({ seed, healthChecks, healthFailures: 0 });
    expect(await roundTrip(-1)).toBe(true);

    await forgetFuzzState();
    const after = heapAfterCollection();
    console.log(`packet fuzzing (seed ${seed}): ${packets} packets over ${connections} connections in ${Date.now() - started} ms; heap ${(before / 1e6).toFixed(1)} → ${(after / 1e6).toFixed(1)} MB`);
    expect(after).toBeLessThanOrEqual(before * 1.1);
  });
});
