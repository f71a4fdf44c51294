// The durability of an application shared subscription against a real Kafka node: 100,000 QoS 1
// messages published by a real MQTT client (mqtt.js) on several topics, received by two
// APPLICATION members at the packet level; midway one member drops its connection (and comes back),
// later the node is stopped and started again on the same data directory while messages flow. In
// the end every message was received, and none a member had acknowledged came again.
//
// What "acknowledged" means here, precisely: a member sends PUBACK for each message at once, and
// every few milliseconds a PINGREQ; the node handles a connection's packets in order, so when the
// PINGRESP arrives every PUBACK sent before that PINGREQ has been handled by the node. Only those
// messages count as acknowledged. A PUBACK whose PINGRESP never came (the connection ended first)
// leaves its message undecided: it may come again, or not.
//
// The publisher tags each attempt ("{id}:{attempt}"): when its connection ends before a PUBACK it
// publishes the message again as a new attempt (QoS 1 lets the first attempt reach Kafka too), so
// each Kafka record has a payload of its own and a payload arriving twice is a true duplicate.
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api/api-client.js';
import { saveCredentials } from '../support/api/client-credentials.js';
import { pause } from '../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';

const TOTAL = Number(process.env.APP_SHARED_DURABILITY_MESSAGES ?? 100_000);
const TOPICS = 8;
const PARTITIONS = 4;
/** QoS 1 publishes on their way at once (below the node's Receive Maximum of 1024). */
const WINDOW = 500;
const PING_EVERY_MS = 20;

const bootstrap = inject('kafkaBootstrap');
const [host, port] = bootstrap.split(':') as [string, string];
const run = randomUUID().slice(0, 8);
const FILTER = `durable-${run}/#`;
const APP = { username: `app-${run}`, password: 'app-secret' };
const DEVICE = { username: `device-${run}`, password: 'device-secret' };

let node: TestNode;
let finished = false;
const topicOf = (id: number) => `durable-${run}/t${id % TOPICS}`;

/** What the members received, across all their connections. */
const tally = {
  received: new Uint8Array(TOTAL),
  receivedCount: 0,
  deliveries: 0,
  payloadCount: new Map<string, number>(),
  /** Payloads acknowledged as defined above. */
  acknowledged: new Set<string>(),
  duplicatesAfterAcknowledgement: [] as string[],
  /** Per member connection and MQTT topic, the ids in the order they came. */
  sequences: new Map<string, number[]>(),
};

function record(connectionName: string, packet: mqttPacket.IPublishPacket): void {
  const payload = packet.payload.toString();
  const id = Number(payload.split(':')[0]);
  tally.deliveries++;
  if (tally.acknowledged.has(payload)) tally.duplicatesAfterAcknowledgement.push(payload);
  tally.payloadCount.set(payload, (tally.payloadCount.get(payload) ?? 0) + 1);
  if (tally.received[id] === 0) {
    tally.received[id] = 1;
    tally.receivedCount++;
  }
  // Attempts after the first were published after later ids: only first attempts show the order.
  if (!payload.endsWith(':1')) return;
  const key = `${connectionName} ${packet.topic}`;
  const sequence = tally.sequences.get(key) ?? [];
  sequence.push(id);
  tally.sequences.set(key, sequence);
}

/** An APPLICATION member at the packet level that comes back whenever its connection ends, until told to stop. */
class Member {
  connections = 0;
  private client: RawMqttClient | undefined;
  private stopped = false;

  constructor(private readonly clientId: string) {}

  async connect(): Promise<void> {
    while (!this.stopped && !finished) {
      try {
        await this.open();
        return;
      } catch {
        await pause(200);
      }
    }
  }

  /** Ends the connection at once, without DISCONNECT; comes back after `awayMs`. */
  drop(awayMs: number): void {
    this.stopped = true;
    this.client?.socket.destroy();
    setTimeout(() => {
      this.stopped = false;
      void this.connect();
    }, awayMs);
  }

  close(): void {
    this.stopped = true;
    this.client?.socket.destroy();
  }

  private async open(): Promise<void> {
    const name = `${this.clientId}#${++this.connections}`;
    let unconfirmed: string[] = [];
    const pings: string[][] = [];
    const { client } = await RawMqttClient.connect(
      {
        port: node.mqttPort,
        onPacket: (packet, connection) => {
          if (packet.cmd === 'publish') {
            record(name, packet);
            connection.send({ cmd: 'puback', messageId: packet.messageId } as mqttPacket.IPubackPacket);
            unconfirmed.push(packet.payload.toString());
          } else if (packet.cmd === 'pingresp') {
            for (const payload of pings.shift() ?? []) tally.acknowledged.add(payload);
          }
        },
      },
      { clientId: this.clientId, clean: true, username: APP.username, password: Buffer.from(APP.password), properties: { receiveMaximum: 100 } },
    );
    const pinger = setInterval(() => {
      if (unconfirmed.length === 0) return;
      pings.push(unconfirmed);
      unconfirmed = [];
      client.send({ cmd: 'pingreq' });
    }, PING_EVERY_MS);
    client.socket.once('close', () => {
      clearInterval(pinger);
      if (!this.stopped && !finished) setTimeout(() => void this.connect(), 100);
    });
    this.client = client;
    const suback = await client.subscribe(`$share/durable/${FILTER}`, { qos: 1 });
    if (suback.granted[0] !== 1) throw new Error(`subscription refused: ${JSON.stringify(suback.granted)}`);
  }
}

/** mqtt.js publishing every id once acknowledged, with a window of QoS 1 publishes; each attempt after a lost connection is new. */
async function publishAll(): Promise<{ attempts: number }> {
  const attempts = new Uint16Array(TOTAL);
  const again: number[] = [];
  let next = 0;
  let acknowledged = 0;
  let total = 0;
  while (acknowledged < TOTAL) {
    let client: MqttClient;
    try {
      client = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, { protocolVersion: 5, clientId: `publisher-${run}`, ...DEVICE, reconnectPeriod: 0, connectTimeout: 3000 });
    } catch {
      await pause(200);
      continue;
    }
    await new Promise<void>((resolve) => {
      let inFlight = 0;
      let closed = false;
      const pump = () => {
        while (!closed && inFlight < WINDOW && (again.length > 0 || next < TOTAL)) {
          const id = again.length > 0 ? (again.pop() as number) : next++;
          attempts[id] = (attempts[id] as number) + 1;
          total++;
          inFlight++;
          client.publishAsync(topicOf(id), `${id}:${attempts[id]}`, { qos: 1 }).then(
            () => {
              acknowledged++;
            },
            () => {
              again.push(id);
            },
          ).finally(() => {
            inFlight--;
            if (acknowledged === TOTAL || (closed && inFlight === 0)) resolve();
            else pump();
          });
        }
      };
      client.on('close', () => {
        closed = true;
        // Fails what is on its way: those are published again, as new attempts, on the next connection.
        client.end(true);
        if (inFlight === 0) resolve();
      });
      pump();
    });
    await client.endAsync(true).catch(() => undefined);
  }
  return { attempts: total };
}

beforeAll(async () => {
  node = await startTestNode({ kafka: { bootstrap: [{ host, port: Number(port) }], sasl: undefined, tls: false, tlsCaFile: undefined } });
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: `Applications ${run}`, clientType: 'APPLICATION', value: { userName: APP.username, password: APP.password } });
  await saveCredentials(api, { name: `Devices ${run}`, clientType: 'DEVICE', value: { userName: DEVICE.username, password: DEVICE.password } });
  const created = await api.call('POST', '/api/app/shared/subs', { name: `Durable ${run}`, topicFilter: FILTER, partitions: PARTITIONS });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  finished = true;
  await node?.destroy();
});

describe('an application shared subscription through a member leaving and a node restart', () => {
  it(`delivers all ${TOTAL} QoS 1 messages, none lost, none again after it was acknowledged`, { timeout: 240_000 }, async () => {
    const members = [new Member(`member-a-${run}`), new Member(`member-b-${run}`)];
    await Promise.all(members.map((member) => member.connect()));
    const started = Date.now();
    const publishing = publishAll();

    await expect.poll(() => tally.receivedCount, { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(TOTAL * 0.25);
    (members[0] as Member).drop(1500);

    await expect.poll(() => tally.receivedCount, { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(TOTAL * 0.55);
    const receivedBeforeRestart = tally.receivedCount;
    const { config, mqttPort, httpPort, wsPort } = node;
    await node.close();
    node = await startTestNode({ ...config, mqttPort, httpPort, wsPort });

    const { attempts } = await publishing;
    await expect.poll(() => tally.receivedCount, { timeout: 120_000, interval: 100 }).toBe(TOTAL);
    // Room for anything that would come again late.
    await pause(2000);
    finished = true;
    for (const member of members) member.close();
    const elapsedSeconds = (Date.now() - started) / 1000;

    const lost = TOTAL - tally.receivedCount;
    // Order per MQTT topic (one topic, one partition): on each member connection a topic's ids rise,
    // through rebalances too, since a partition changes hands only after its acknowledged run.
    const descents = [...tally.sequences.values()].map((ids) => ids.filter((id, index) => index > 0 && id < (ids[index - 1] as number)).length);
    console.info(`order: ${descents.reduce((sum, count) => sum + count, 0)} descents over ${tally.sequences.size} (connection, topic) sequences`);
    const delivered = [...tally.payloadCount.values()];
    console.info(
      `${TOTAL} messages (${attempts} publish attempts) in ${elapsedSeconds.toFixed(1)} s: ${tally.deliveries} deliveries, ` +
        `${delivered.filter((count) => count > 1).length} payloads more than once (all before acknowledgement), ` +
        `${tally.acknowledged.size} acknowledged, ${receivedBeforeRestart} received before the restart, ` +
        `connections ${members.map((member) => member.connections).join('/')}`,
    );
    expect(lost).toBe(0);
    expect(descents.every((count) => count === 0)).toBe(true);
    expect(tally.duplicatesAfterAcknowledgement).toEqual([]);
    expect(members.every((member) => member.connections >= 2)).toBe(true);
    expect(tally.receivedCount).toBeLessThan(TOTAL * 2);
  });
});
