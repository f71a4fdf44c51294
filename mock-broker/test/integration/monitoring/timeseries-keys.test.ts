import net from 'node:net';
import os from 'node:os';
import mqttPacket from 'mqtt-packet';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '../../../src/monitoring/sample-feed.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

/** A node of its own: processedBytes is checked against every byte its connections carried. */
const suite = useBrokerSuite({ sampleIntervalSeconds: 1 });

let api: ApiClient;
beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

type Points = Record<string, { ts: number; value: number }[]>;
const HOUR = 3_600_000;
const range = () => `startTs=${Date.now() - HOUR}&endTs=${Date.now() + HOUR}`;

/** The node's first sample taken at `after` or later. */
function sampleAfter(after: number): Promise<Sample> {
  return new Promise((resolve) => {
    const stop = suite.node.samples.subscribe((sample) => {
      if (sample.entityId !== suite.node.config.nodeId || sample.ts < after) return;
      stop();
      resolve(sample);
    });
  });
}

describe('keys the broker keeps no series of', () => {
  it('answers a well-formed unknown key with nothing, as the production broker does', async () => {
    await sampleAfter(0);
    expect((await api.call('GET', `/api/timeseries/total/values?keys=noSuchKey&${range()}`)).body).toEqual({});
    expect((await api.call('GET', '/api/timeseries/latest?entityId=total&keys=noSuchKey')).body).toEqual({});
    // Beside known keys, only the known ones are answered.
    const mixed = await api.call<Points>('GET', `/api/timeseries/total/values?keys=noSuchKey,sessions&${range()}`);
    expect(Object.keys(mixed.body)).toEqual(['sessions']);
    expect(mixed.body.sessions?.length).toBeGreaterThan(0);
  });

  it('answers 400 naming keys for a malformed or overlong key', async () => {
    for (const keys of ['sessions,no%20such', '%22quoted%22', `k${'x'.repeat(64)}`, '1st']) {
      const answer = await api.call<{ message: string; errorCode: number }>('GET', `/api/timeseries/total/values?keys=${keys}&${range()}`);
      expect(answer.status, keys).toBe(400);
      expect(answer.body.message).toContain('keys');
      const latest = await api.call<{ message: string }>('GET', `/api/timeseries/latest?entityId=total&keys=${keys}`);
      expect(latest.status, keys).toBe(400);
      expect(latest.body.message).toContain('keys');
    }
  });
});

describe('latest of a node', () => {
  it('answers its cores, memory and disk space beside its samples, as the production broker keeps them', async () => {
    const sample = await sampleAfter(0);
    const { nodeId } = suite.node.config;
    const all = await api.call<Points>('GET', `/api/timeseries/latest?entityId=${nodeId}`);
    expect(all.body.cpuCount?.[0]?.value).toBe(os.availableParallelism());
    expect(all.body.totalMemory?.[0]?.value).toBe(os.totalmem());
    expect(all.body.totalDiskSpace?.[0]?.value).toBeGreaterThan(0);
    expect(all.body.totalMemory?.[0]?.ts).toBeGreaterThanOrEqual(sample.ts);
    const asked = await api.call<Points>('GET', `/api/timeseries/latest?entityId=${nodeId}&keys=totalMemory,sessions`);
    expect(Object.keys(asked.body)).toEqual(['totalMemory', 'sessions']);
    // The total has no capacity of its own.
    expect((await api.call('GET', '/api/timeseries/latest?entityId=total&keys=totalMemory')).body).toEqual({ totalMemory: [] });
  });
});

describe('processedBytes', () => {
  it('counts every byte a client connection carried, both ways, within the sampling periods', async () => {
    const start = (await sampleAfter(0)).ts;
    const sent = Buffer.concat([
      mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'bytes-counted', clean: true, keepalive: 60 }),
      mqttPacket.generate({ cmd: 'publish', topic: 'bytes/counted', payload: Buffer.alloc(300, 'p'), qos: 0, retain: false, dup: false }),
      mqttPacket.generate({ cmd: 'disconnect' }),
    ]);
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(suite.node.mqttPort, '127.0.0.1', () => socket.write(sent));
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    // The CONNACK, and nothing else: the client subscribed to nothing.
    expect(received).toBe(4);
    const last = await sampleAfter(Date.now() + 1);
    const answer = await api.call<Points>('GET', `/api/timeseries/${suite.node.config.nodeId}/values?keys=processedBytes&startTs=${start + 1}&endTs=${last.ts + 1}&limit=1000`);
    const counted = (answer.body.processedBytes ?? []).reduce((total, point) => total + point.value, 0);
    expect(counted).toBe(sent.length + received);
  });
});
