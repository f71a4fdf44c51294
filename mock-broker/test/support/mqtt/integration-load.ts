import { expect } from 'vitest';
import { ApiClient } from '../api/api-client.js';
import type { BrokerProcess } from '../node/broker-process.js';
import { pause } from './mqtt-clients.js';
import { SteadyPublisher } from './qos-load.js';
import { settleDefaultPassword } from '../node/test-node.js';

/** Publishers of a load, each to a topic of its own: `${prefix}/${n}`. */
export const LOAD_TOPICS = 4;

export async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await pause(20);
  }
  return true;
}

/** An administrator's API client for a broker in its own process. */
export async function adminOf(broker: BrokerProcess): Promise<ApiClient> {
  const baseUrl = `http://127.0.0.1:${broker.httpPort}`;
  await settleDefaultPassword(baseUrl);
  const api = new ApiClient(baseUrl);
  await api.signIn();
  return api;
}

/** Waits until the integration has recorded an ERROR event: the target's outage was seen. */
export async function errorSeen(api: ApiClient, integrationId: string): Promise<void> {
  await expect
    .poll(async () => (await api.call<{ totalElements: number }>('GET', `/api/events/${integrationId}/ERROR?pageSize=1&page=0`)).body.totalElements, { timeout: 60_000, interval: 200 })
    .toBeGreaterThan(0);
}

/**
 * QoS 1 publishers of `total` messages together, on LOAD_TOPICS topics, with the events of a bad
 * day on the way: at `targetDownAt` messages acknowledged the target is stopped, at `targetUpAt`
 * started again, at `killAt` the broker is killed (SIGKILL) and started again, the publishers
 * reconnecting and sending again what it had not acknowledged. Resolves once every message is
 * acknowledged; answers the publishers (their `acknowledged` payloads).
 */
export async function publishThroughTrouble(options: {
  broker: BrokerProcess;
  prefix: string;
  total: number;
  targetDownAt: number;
  targetUpAt: number;
  killAt: number;
  stopTarget(): Promise<void>;
  startTarget(): Promise<void>;
  /** After the broker is back (a new API session, say). */
  afterRestart?(): Promise<void>;
}): Promise<SteadyPublisher[]> {
  const { broker } = options;
  const each = options.total / LOAD_TOPICS;
  const publishers = Array.from({ length: LOAD_TOPICS }, (_, index) => new SteadyPublisher(`${options.prefix}-publisher-${index}`, `${options.prefix}/${index}`, 1, 4, 4000, 50, each));
  const acknowledged = () => publishers.reduce((sum, publisher) => sum + publisher.acknowledged.size, 0);
  try {
    for (const publisher of publishers) await publisher.connect(broker.mqttPort);
    for (const publisher of publishers) publisher.start();
    const steps: [number, () => Promise<void>][] = [
      [options.targetDownAt, options.stopTarget],
      [options.targetUpAt, options.startTarget],
      [
        options.killAt,
        async () => {
          await broker.kill();
          await until(() => publishers.every((publisher) => !publisher.connected), 30_000);
          await broker.start();
          for (const publisher of publishers) await publisher.connect(broker.mqttPort);
          for (const publisher of publishers) publisher.start();
          await options.afterRestart?.();
        },
      ],
    ];
    for (const [at, step] of steps.sort((a, b) => a[0] - b[0])) {
      expect(await until(() => acknowledged() >= at, 300_000), `${acknowledged()} of ${at} acknowledged`).toBe(true);
      await step();
    }
    expect(await until(() => acknowledged() === options.total, 300_000), `${acknowledged()} of ${options.total} acknowledged`).toBe(true);
    return publishers;
  } finally {
    for (const publisher of publishers) publisher.end();
  }
}

export interface DeliveryReport {
  lost: string[];
  duplicates: number;
  /** Topics whose messages first arrived out of the order they were published in. */
  outOfOrder: string[];
}

/**
 * What the target got against what the broker acknowledged: every acknowledged message must have
 * arrived (lost: none), each topic's messages must first arrive in the order they were published
 * (a payload is `${clientId}/${n}`), and a message may arrive again (at least once): counted.
 */
export function deliveryReport(publishers: SteadyPublisher[], arrived: { topic: string; payload: string }[]): DeliveryReport {
  const seen = new Set<string>();
  const lastByTopic = new Map<string, number>();
  const outOfOrder = new Set<string>();
  let duplicates = 0;
  for (const { topic, payload } of arrived) {
    if (seen.has(payload)) {
      duplicates += 1;
      continue;
    }
    seen.add(payload);
    const n = Number(payload.slice(payload.lastIndexOf('/') + 1));
    if ((lastByTopic.get(topic) ?? 0) > n) outOfOrder.add(topic);
    lastByTopic.set(topic, n);
  }
  const lost = publishers.flatMap((publisher) => [...publisher.acknowledged].filter((payload) => !seen.has(payload)));
  return { lost, duplicates, outOfOrder: [...outOfOrder] };
}
