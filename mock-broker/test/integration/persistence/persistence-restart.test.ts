import type net from 'node:net';
import mqttPacket from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerConfig } from '../../../src/config/config.js';
import { MqttClients, inbox, pause, rawConnection, rawPackets } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { WAIT_MS } from '../../support/checks/waits.js';

let node: TestNode;
let clients: MqttClients;
const rawSockets: net.Socket[] = [];

async function start(overrides: Partial<BrokerConfig> = {}): Promise<void> {
  node = await startTestNode(overrides);
  clients = new MqttClients(node);
}

/** Stops the whole node and starts a new one on the same data directory (new ports). */
async function restartNode(): Promise<void> {
  await clients.closeAll();
  await node.close();
  await start({ dataDir: node.dataDir, maxQueuedMessages: node.config.maxQueuedMessages });
}

afterEach(async () => {
  for (const socket of rawSockets.splice(0)) socket.destroy();
  await clients.closeAll();
  await node.destroy();
});

async function eventually(condition: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the broker did not get there in time');
    await pause(10);
  }
}

type Packet = mqttPacket.Packet;

/** A hand-driven MQTT 3.1.1 connection with a persistent session, to stop a QoS 2 flow half-way. */
async function rawSession(clientId: string) {
  const socket = await rawConnection(node);
  rawSockets.push(socket);
  const packets = rawPackets(socket);
  const send = (packet: Packet) => socket.write(mqttPacket.generate(packet));
  async function next<C extends Packet['cmd']>(cmd: C): Promise<Extract<Packet, { cmd: C }>> {
    await eventually(() => packets.some((packet) => packet.cmd === cmd));
    return packets.splice(packets.findIndex((packet) => packet.cmd === cmd), 1)[0] as Extract<Packet, { cmd: C }>;
  }
  send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: false, clientId, keepalive: 60 });
  const connack = await next('connack');
  return { socket, packets, send, next, connack };
}

const persistentSessions = [
  { version: 'MQTT 3.1.1, clean session off', options: { protocolVersion: 4, clean: false } },
  { version: 'MQTT 5, session expiry interval', options: { protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 3600 } } },
] as const;

describe.each(persistentSessions)('a persistent session ($version)', ({ options }) => {
  it('gets every message queued while it was away after the node restarts, and its subscription still works', async () => {
    await start();
    const clientId = `plant-monitor-v${options.protocolVersion}`;
    const first = await clients.connect({ ...options, clientId });
    await first.subscribeAsync('plant/+/temperature', { qos: 1 });
    await first.endAsync();

    const publisher = await clients.connect({ protocolVersion: options.protocolVersion });
    const properties = options.protocolVersion === 5 ? { userProperties: { unit: 'celsius' } } : undefined;
    for (const n of [1, 2, 3]) await publisher.publishAsync(`plant/${n}/temperature`, `2${n}`, { qos: 1, properties });
    await restartNode();

    const again = clients.open({ ...options, clientId });
    const received = inbox(again);
    await new Promise((resolve) => again.once('connect', resolve));
    expect(clients.connack(again)?.sessionPresent).toBe(true);
    for (const n of [1, 2, 3]) {
      const message = await received.next();
      expect(message).toMatchObject({ topic: `plant/${n}/temperature`, payload: `2${n}` });
      if (properties) expect(message.packet.properties?.userProperties).toEqual(properties.userProperties);
    }

    const laterPublisher = await clients.connect({ protocolVersion: options.protocolVersion });
    await laterPublisher.publishAsync('plant/4/temperature', '24', { qos: 1 });
    expect(await received.next()).toMatchObject({ topic: 'plant/4/temperature', payload: '24' });
    await eventually(() => node.mqtt.broker.persistence.sessions.queuedCount(clientId) === 0);
  });
});

describe('a session begun with Clean Start and a Session Expiry Interval (MQTT 5 section 3.1.2.4)', () => {
  it('is kept across a restart and gets what was queued while it was away when it returns without Clean Start', async () => {
    await start();
    const first = await clients.connect({ protocolVersion: 5, clientId: 'clean-start-lasting', clean: true, properties: { sessionExpiryInterval: 3600 } });
    await first.subscribeAsync('lasting/t', { qos: 2 });
    await first.endAsync();
    const publisher = await clients.connect({ protocolVersion: 5 });
    await publisher.publishAsync('lasting/t', 'one', { qos: 1 });
    await publisher.publishAsync('lasting/t', 'two', { qos: 2 });
    await restartNode();

    const again = clients.open({ protocolVersion: 5, clientId: 'clean-start-lasting', clean: false, properties: { sessionExpiryInterval: 3600 } });
    const received = inbox(again);
    await new Promise((resolve) => again.once('connect', resolve));
    expect(clients.connack(again)?.sessionPresent).toBe(true);
    expect([(await received.next()).payload, (await received.next()).payload]).toEqual(['one', 'two']);
  });
});

describe('retained messages', () => {
  it('survive a restart, and a new subscriber gets them with payload and properties intact', async () => {
    await start();
    const publisher = await clients.connect({ protocolVersion: 5 });
    const payload = Buffer.from([0x00, 0x01, 0xfd, 0xfe, 0xff]);
    const properties = { contentType: 'application/octet-stream', correlationData: Buffer.from('c-17'), userProperties: { revision: '12' } };
    await publisher.publishAsync('config/plant-7', payload, { qos: 1, retain: true, properties });
    await publisher.publishAsync('config/plant-8', 'replaced soon', { qos: 1, retain: true });
    await publisher.publishAsync('config/plant-8', '', { qos: 1, retain: true });
    await restartNode();

    const subscriber = await clients.connect({ protocolVersion: 5 });
    const received = inbox(subscriber);
    await subscriber.subscribeAsync('config/#', { qos: 1 });
    const message = await received.next();
    expect(message.topic).toBe('config/plant-7');
    expect(message.packet.payload).toEqual(payload);
    expect(message.packet.retain).toBe(true);
    expect(message.packet.properties).toMatchObject(properties);
    expect(await received.none()).toBe(true);
  });
});

describe('the per-session queue bound', () => {
  it('drops what an offline session cannot hold, counts it, and delivers the rest', async () => {
    await start({ maxQueuedMessages: 5 });
    const clientId = 'archive-offline';
    const first = await clients.connect({ protocolVersion: 4, clientId, clean: false });
    await first.subscribeAsync('bulk/#', { qos: 1 });
    await first.endAsync();
    const publisher = await clients.connect();
    for (let n = 1; n <= 8; n++) await publisher.publishAsync('bulk/readings', `r${n}`, { qos: 1 });

    const { persistence } = node.mqtt.broker;
    await eventually(() => persistence.sessions.find(clientId)?.droppedMessages === 3);
    expect(persistence.sessions.find(clientId)).toMatchObject({ queuedMessages: 5, droppedMessages: 3 });
    expect(persistence.droppedMessages.total).toBe(3);
    expect(node.mqtt.statistics.snapshot().droppedMsgs).toBe(3);

    const again = clients.open({ protocolVersion: 4, clientId, clean: false });
    const received = inbox(again);
    const payloads: string[] = [];
    for (let n = 1; n <= 5; n++) payloads.push((await received.next()).payload);
    expect(payloads).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(await received.none()).toBe(true);
  });

  it('bounds the payload bytes an offline session holds too; a message larger than the bound alone still goes into an empty queue', async () => {
    await start({ maxQueuedBytes: 64 * 1024 });
    const clientId = 'camera-archive';
    const first = await clients.connect({ protocolVersion: 4, clientId, clean: false });
    await first.subscribeAsync('frames/#', { qos: 1 });
    await first.endAsync();
    const publisher = await clients.connect();
    const frame = (n: number, kib: number) => `f${n}:`.padEnd(kib * 1024, '.');
    // 3 × 20 KiB fit in 64 KiB; the 4th and 5th would not.
    for (let n = 1; n <= 5; n++) await publisher.publishAsync('frames/cam-1', frame(n, 20), { qos: 1 });

    const { persistence } = node.mqtt.broker;
    await eventually(() => persistence.sessions.find(clientId)?.droppedMessages === 2);
    expect(persistence.sessions.find(clientId)).toMatchObject({ queuedMessages: 3, droppedMessages: 2 });

    const again = await clients.connect({ protocolVersion: 4, clientId, clean: false });
    const received = inbox(again);
    const firsts: string[] = [];
    for (let n = 1; n <= 3; n++) firsts.push((await received.next()).payload.slice(0, 3));
    expect(firsts).toEqual(['f1:', 'f2:', 'f3:']);
    expect(await received.none()).toBe(true);
    // Acknowledged, the queue is empty again: it takes a frame larger than the bound, and nothing after it.
    await eventually(() => persistence.sessions.find(clientId)?.queuedMessages === 0);
    await again.endAsync();
    await publisher.publishAsync('frames/cam-1', frame(6, 100), { qos: 1 });
    await publisher.publishAsync('frames/cam-1', frame(7, 1), { qos: 1 });
    await eventually(() => persistence.sessions.find(clientId)?.droppedMessages === 3);
    expect(persistence.sessions.find(clientId)).toMatchObject({ queuedMessages: 1 });
    const last = inbox(await clients.connect({ protocolVersion: 4, clientId, clean: false }));
    expect((await last.next()).payload.length).toBe(100 * 1024);
    expect(await last.none()).toBe(true);
  });

  it('bounds the payload bytes all offline sessions hold together; an online client still gets what the bound refused storing', async () => {
    await start({ maxTotalQueuedBytes: 64 * 1024 });
    const archives = ['archive-1', 'archive-2', 'archive-3'];
    for (const clientId of archives) {
      const archive = await clients.connect({ protocolVersion: 4, clientId, clean: false });
      await archive.subscribeAsync('fleet/#', { qos: 1 });
      await archive.endAsync();
    }
    const publisher = await clients.connect();
    const frame = (n: number) => `f${n}:`.padEnd(20 * 1024, '.');
    const { persistence } = node.mqtt.broker;
    const sum = (field: 'queuedMessages' | 'droppedMessages') => archives.reduce((total, clientId) => total + (persistence.sessions.find(clientId)?.[field] ?? 0), 0);

    // Three copies of 20 KiB fit in 64 KiB; a second message would take the node to 120 KiB: no session stores it, each well under its own bound.
    await publisher.publishAsync('fleet/truck-9', frame(1), { qos: 1 });
    await publisher.publishAsync('fleet/truck-9', frame(2), { qos: 1 });
    await eventually(() => sum('droppedMessages') === 3);
    expect(archives.map((clientId) => persistence.sessions.find(clientId))).toMatchObject(archives.map(() => ({ queuedMessages: 1, droppedMessages: 1 })));

    // Back online, archive-1 gets its stored frame, and a new one even if the node cannot store its copy.
    const back = await clients.connect({ protocolVersion: 4, clientId: 'archive-1', clean: false });
    const received = inbox(back);
    expect((await received.next()).payload.slice(0, 3)).toBe('f1:');
    await eventually(() => persistence.sessions.find('archive-1')?.queuedMessages === 0);
    await publisher.publishAsync('fleet/truck-9', frame(3), { qos: 1 });
    expect((await received.next()).payload.slice(0, 3)).toBe('f3:');
    // 40 KiB held before it: one more copy fitted, the two others were refused.
    await eventually(() => sum('droppedMessages') === 5);
    expect(await received.none()).toBe(true);
  });

  it('keeps an online client whose queue is full connected and sends it the overflow unqueued', async () => {
    await start({ maxQueuedMessages: 5 });
    const clientId = 'slow-consumer';
    const heldAcks: (() => void)[] = [];
    let holding = true;
    const slow = await clients.connect({
      protocolVersion: 4,
      clientId,
      clean: false,
      // mqtt.js reads the next packet only once this one is acknowledged: a consumer that lags.
      customHandleAcks: (_topic, _message, _packet, acknowledge) => (holding ? heldAcks.push(() => acknowledge(0)) : acknowledge(0)),
    });
    await slow.subscribeAsync('bulk/#', { qos: 1 });
    const received = inbox(slow);
    const publisher = await clients.connect();
    for (let n = 1; n <= 8; n++) await publisher.publishAsync('bulk/readings', `r${n}`, { qos: 1 });

    const { persistence } = node.mqtt.broker;
    await eventually(() => persistence.droppedMessages.countFor(clientId) === 3);
    holding = false;
    for (const acknowledge of heldAcks.splice(0)) acknowledge();
    const payloads: string[] = [];
    for (let n = 1; n <= 8; n++) payloads.push((await received.next()).payload);
    expect(payloads).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8']);
    expect(slow.connected).toBe(true);
    await eventually(() => persistence.sessions.queuedCount(clientId) === 0);
  });
});

describe('QoS 2 across a restart', () => {
  it('does not publish a retransmitted QoS 2 message a second time', async () => {
    await start();
    const watcher = await clients.connect({ clientId: 'orders-watcher' });
    await watcher.subscribeAsync('orders/#', { qos: 2 });
    const seen = inbox(watcher);
    const publisher = await rawSession('orders-publisher');
    publisher.send({ cmd: 'publish', topic: 'orders/1', payload: Buffer.from('one crate'), qos: 2, messageId: 7, retain: false, dup: false });
    await publisher.next('pubrec');
    expect((await seen.next()).payload).toBe('one crate');
    publisher.socket.destroy(); // gone before its PUBREL, as if it crashed
    await restartNode();

    const watcherAgain = await clients.connect({ clientId: 'orders-watcher' });
    await watcherAgain.subscribeAsync('orders/#', { qos: 2 });
    const seenAgain = inbox(watcherAgain);
    const resumed = await rawSession('orders-publisher');
    resumed.send({ cmd: 'publish', topic: 'orders/1', payload: Buffer.from('one crate'), qos: 2, messageId: 7, retain: false, dup: true });
    expect(await resumed.next('pubrec')).toMatchObject({ messageId: 7 });
    resumed.send({ cmd: 'pubrel', messageId: 7 });
    expect(await resumed.next('pubcomp')).toMatchObject({ messageId: 7 });
    expect(await seenAgain.none()).toBe(true);
  });

  it('resumes a delivery to a persistent session at PUBREL', async () => {
    await start();
    const printer = await rawSession('invoice-printer');
    printer.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'invoices/#', qos: 2 }] });
    await printer.next('suback');
    const publisher = await clients.connect();
    await publisher.publishAsync('invoices/1', 'INV-1', { qos: 2 });
    const delivery = await printer.next('publish');
    expect(delivery).toMatchObject({ topic: 'invoices/1', qos: 2 });
    printer.send({ cmd: 'pubrec', messageId: delivery.messageId });
    await printer.next('pubrel');
    printer.socket.destroy(); // gone before its PUBCOMP
    await restartNode();

    const resumed = await rawSession('invoice-printer');
    expect(resumed.connack.sessionPresent).toBe(true);
    expect(await resumed.next('pubrel')).toMatchObject({ messageId: delivery.messageId });
    resumed.send({ cmd: 'pubcomp', messageId: delivery.messageId });
    await eventually(() => node.mqtt.broker.persistence.sessions.queuedCount('invoice-printer') === 0);
    expect(resumed.packets.some((packet) => packet.cmd === 'publish')).toBe(false);
  });
});
