import mqttPacket, { type IDisconnectPacket, type IPublishPacket, type Packet } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { DISCONNECT_GRACE_MS } from '../../../src/mqtt/connections/graceful-disconnect.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { pause } from '../../support/mqtt/mqtt-clients.js';
import { RawClients, RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';

/**
 * How MQTT 5 connections end, packet by packet with a strict raw client: the reasons the broker
 * gives (and that a client still writing can read them), topic aliases it refuses, and when wills go
 * out. Section numbers are the OASIS MQTT Version 5.0 standard's.
 */
const RECEIVE_MAXIMUM = 20;
const suite = useBrokerSuite({ receiveMaximum: RECEIVE_MAXIMUM });
const tcp = new RawClients(() => suite.node.mqttPort);
const webSocket = new RawClients(() => suite.node.wsPort);
afterEach(() => {
  tcp.closeAll();
  webSocket.closeAll();
});

const transports = [
  { name: 'TCP', connect: (connect = {}) => tcp.connect(connect) },
  { name: 'WebSocket', connect: (connect = {}) => webSocket.connect(connect, { webSocketPath: '/mqtt' }) },
];

const disconnectOf = (client: RawMqttClient) => client.received.find((packet): packet is IDisconnectPacket => packet.cmd === 'disconnect');

/**
 * Writes packets as a client that has heard nothing yet does, batch after batch, until a DISCONNECT
 * arrives (then it stops, as MQTT 5 section 4.13 has it) or the connection ends. Answers the
 * transport errors seen before the DISCONNECT was read (a broken pipe, a reset).
 */
async function writeUntilDisconnected(client: RawMqttClient, packet: (index: number) => Packet): Promise<string[]> {
  const errorsBeforeDisconnect: string[] = [];
  client.socket.on('error', (error) => {
    if (!disconnectOf(client)) errorsBeforeDisconnect.push(error.message);
  });
  const giveUpAt = Date.now() + 20_000;
  for (let index = 1; !disconnectOf(client) && !client.closed && errorsBeforeDisconnect.length === 0 && Date.now() < giveUpAt; ) {
    for (const end = index + 50; index < end; index += 1) client.send(packet(index));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return errorsBeforeDisconnect;
}

/** What the standard asks of the end: the DISCONNECT is read, nothing follows it, the connection closes. */
async function expectReadableEnd(client: RawMqttClient, errorsBeforeDisconnect: string[], reasonCode: number): Promise<void> {
  expect(errorsBeforeDisconnect).toEqual([]);
  expect(disconnectOf(client)?.reasonCode).toBe(reasonCode);
  // [MQTT-3.14.4-1]: nothing after the DISCONNECT; [MQTT-3.14.4-2]: the connection is closed.
  expect(client.received.at(-1)?.cmd).toBe('disconnect');
  expect(await client.waitClosed(DISCONNECT_GRACE_MS + 10_000)).toBe(true);
  expect(client.violations).toEqual([]);
}

const qos1 = (topic: string) => (index: number) =>
  ({ cmd: 'publish', topic, payload: Buffer.from('x'), qos: 1, messageId: ((index - 1) % 65535) + 1, retain: false, dup: false }) as Packet;

describe('a DISCONNECT with a reason reaches a client that is still writing (3.14, 4.13)', () => {
  for (const transport of transports) {
    it(`over ${transport.name}: QoS 1 PUBLISHes beyond the Receive Maximum the CONNACK stated get DISCONNECT 0x93, read before the connection ends (3.3.4, 4.9)`, async () => {
      const { client, connack } = await transport.connect();
      expect(connack.properties?.receiveMaximum).toBe(RECEIVE_MAXIMUM);
      const errors = await writeUntilDisconnected(client, qos1('flood/receive-maximum'));
      await expectReadableEnd(client, errors, 0x93);
    });
  }

  it('a packet above the Maximum Packet Size the CONNACK stated gets DISCONNECT 0x95 while the client goes on writing (3.1.2.11.4, 3.2.2.3.6)', async () => {
    const { client, connack } = await tcp.connect();
    const maximum = connack.properties?.maximumPacketSize ?? 0;
    expect(maximum).toBeGreaterThan(0);
    const tooLarge = { cmd: 'publish', topic: 'flood/large', payload: Buffer.alloc(maximum), qos: 0, retain: false, dup: false } as Packet;
    const errors = await writeUntilDisconnected(client, (index) => (index === 1 ? tooLarge : qos1('flood/large')(index)));
    await expectReadableEnd(client, errors, 0x95);
  });

  it('a Topic Alias of 0 gets DISCONNECT 0x94 while the client goes on writing (3.3.2.3.4)', async () => {
    const { client } = await tcp.connect();
    const aliasZero = { cmd: 'publish', topic: 'flood/alias', payload: Buffer.from('x'), qos: 0, retain: false, dup: false, properties: { topicAlias: 0 } } as Packet;
    const errors = await writeUntilDisconnected(client, (index) => (index === 1 ? aliasZero : qos1('flood/alias')(index)));
    await expectReadableEnd(client, errors, 0x94);
  });

  it(`a peer that never closes after the DISCONNECT is cut off after the grace period (${DISCONNECT_GRACE_MS} ms)`, async () => {
    const { client } = await tcp.connect();
    // It reads nothing more and keeps sending: the broker must not wait for it for ever.
    client.socket.pause();
    const pinging = setInterval(() => client.socket.writable && client.send({ cmd: 'pingreq' }), 50);
    try {
      // In one write, so that the broker reads them together, before it has acknowledged any.
      const flood = Array.from({ length: RECEIVE_MAXIMUM * 5 }, (_, index) => mqttPacket.generate(qos1('flood/stalled')(index + 1), { protocolVersion: 5 }));
      client.socket.write(Buffer.concat(flood));
      expect(await client.waitClosed(DISCONNECT_GRACE_MS + 15_000)).toBe(true);
    } finally {
      clearInterval(pinging);
    }
  }, 30_000);
});

describe('topic aliases from the client (3.3.2.3.4)', () => {
  it('accepts the aliases 1 and the Topic Alias Maximum the CONNACK stated, and answers 0 and one above it with DISCONNECT 0x94', async () => {
    const { client: watcher } = await tcp.connect();
    await watcher.subscribe('alias/bounds/+', { qos: 0 });
    const { client, connack } = await tcp.connect();
    const maximum = connack.properties?.topicAliasMaximum ?? 0;
    expect(maximum).toBe(100);
    for (const alias of [1, maximum]) {
      client.publish(`alias/bounds/${alias}`, 'named', { properties: { topicAlias: alias } });
      client.publish('', 'by alias', { properties: { topicAlias: alias } });
      const delivered = [await watcher.nextPublish(), await watcher.nextPublish()];
      expect(delivered.map((packet) => [packet.topic, packet.payload.toString()])).toEqual([
        [`alias/bounds/${alias}`, 'named'],
        [`alias/bounds/${alias}`, 'by alias'],
      ]);
    }
    for (const alias of [0, maximum + 1]) {
      const { client: refused } = await tcp.connect();
      refused.publish('alias/bounds/x', 'refused', { properties: { topicAlias: alias } });
      expect(((await refused.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x94);
      expect(await refused.waitClosed()).toBe(true);
    }
    expect(await watcher.collect('publish', 300)).toEqual([]);
  });

  it('answers an empty topic with an alias never set on this connection, or with no alias at all, with DISCONNECT 0x82 (3.3.2.1, 3.3.4)', async () => {
    const { client: watcher } = await tcp.connect();
    await watcher.subscribe('#', { qos: 0 });
    for (const properties of [{ topicAlias: 7 }, undefined]) {
      const { client } = await tcp.connect();
      client.publish('', 'no topic', properties ? { properties } : {});
      expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x82);
      expect(await client.waitClosed()).toBe(true);
    }
    expect((await watcher.collect('publish', 300)).map((packet) => (packet as IPublishPacket).payload.toString())).not.toContain('no topic');
  });
});

const willConnect = (clientId: string, topic: string, willDelayInterval: number, sessionExpiryInterval: number) => ({
  clientId,
  properties: { sessionExpiryInterval },
  // Retained: a will published before the watcher of a restarted node subscribes still reaches it.
  will: { topic, payload: Buffer.from(`${clientId} gone`), qos: 0 as const, retain: true, properties: { willDelayInterval } },
});

describe('the Will Delay Interval starts when the network connection closes (3.1.3.2.2, 3.1.2.5)', () => {
  const cases = [
    // The connection lives a while: a delay counted from CONNECT would end 1.5 s after the drop.
    { name: 'publishes the will the delay after the connection dropped, however long the connection lasted', clientId: 'will-from-drop', delay: 3, expiry: 5, connectedMs: 1500, dueMs: 3000 },
    // Not the 60 s of the delay: the wait for the will gives up long before.
    { name: 'publishes the will when the session ends, if its Session Expiry Interval is shorter than the delay', clientId: 'will-session-end', delay: 60, expiry: 2, connectedMs: 500, dueMs: 2000 },
  ];
  for (const { name, clientId, delay, expiry, connectedMs, dueMs } of cases) {
    it(name, async () => {
      const topic = `will/${clientId}`;
      const { client: watcher } = await tcp.connect();
      await watcher.subscribe(topic, { qos: 0 });
      const { client } = await tcp.connect(willConnect(clientId, topic, delay, expiry));
      await pause(connectedMs);
      const droppedAt = Date.now();
      client.end();
      const will = await watcher.nextPublish(15_000);
      expect(will.payload.toString()).toBe(`${clientId} gone`);
      expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(dueMs);
    }, 20_000);
  }
});

describe('a will pending when the node stops, after the restart (3.1.3.2.2, 3.1.2.5)', () => {
  /**
   * Connects a client with a will to a node, stops the node under it (which ends the connection),
   * waits `downMs`, starts the node again on the same data and subscribes to the will's topic.
   */
  async function willAcrossRestart(connect: ReturnType<typeof willConnect>, downMs: number) {
    const first = await startTestNode();
    const { client } = await RawMqttClient.connect({ port: first.mqttPort }, { protocolVersion: 5, ...connect });
    // The node has taken the connection in (CONNACK may reach the client a moment before).
    await eventually(() => expect(first.mqtt.sessions.get(connect.clientId)?.connectionState).toBe('CONNECTED'));
    const stoppedAt = Date.now();
    await first.close();
    client.end();
    await pause(downMs);
    const node = await startTestNode({ dataDir: first.dataDir });
    const { client: watcher } = await RawMqttClient.connect({ port: node.mqttPort }, { protocolVersion: 5 });
    await watcher.subscribe(connect.will.topic, { qos: 0 });
    const subscribedAt = Date.now();
    const cleanup = async () => {
      watcher.end();
      await node.destroy();
    };
    return { watcher, stoppedAt, subscribedAt, cleanup };
  }

  it('counts the delay from the end of the connection, not from the restart', async () => {
    const { watcher, stoppedAt, subscribedAt, cleanup } = await willAcrossRestart(willConnect('will-restart-delay', 'will/restart-delay', 8, 600), 6000);
    try {
      const will = await watcher.nextPublish(20_000);
      expect(will.payload.toString()).toBe('will-restart-delay gone');
      const arrivedAt = Date.now();
      expect(arrivedAt - stoppedAt).toBeGreaterThanOrEqual(8000);
      // When it was due, or when the watcher could first hear it (the node may start slowly), and
      // 3 s for a busy machine; counted from the restart it would come at least 8 s after the
      // restart began, 6 s after the stop.
      expect(arrivedAt).toBeLessThan(Math.max(stoppedAt + 8000, subscribedAt) + 3000);
    } finally {
      await cleanup();
    }
  }, 40_000);

  it('publishes the will at the end of a session that expired before the delay, not a whole delay after the restart', async () => {
    const { watcher, stoppedAt, cleanup } = await willAcrossRestart(willConnect('will-restart-session', 'will/restart-session', 600, 2), 0);
    try {
      // Counted from the restart, the will would wait 600 s; dropped with its session, never.
      const will = await watcher.nextPublish(20_000);
      expect(will.payload.toString()).toBe('will-restart-session gone');
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2000);
    } finally {
      await cleanup();
    }
  }, 40_000);
});
