import mqttPacket from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { closed, inbox, rawConnection, rawPackets } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const v311 = { protocolVersion: 4 as const };

describe('MQTT 3.1.1', () => {
  it.each([0, 1, 2] as const)('delivers QoS %i end to end at the granted QoS', async (qos) => {
    const subscriber = await suite.clients.connect({ ...v311, clientId: `qos${qos}-sub` });
    const granted = await subscriber.subscribeAsync(`qos/${qos}`, { qos });
    expect(granted[0]?.qos).toBe(qos);
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect({ ...v311, clientId: `qos${qos}-pub` });
    await publisher.publishAsync(`qos/${qos}`, `at qos ${qos}`, { qos });
    const message = await received.next();
    expect(message.payload).toBe(`at qos ${qos}`);
    expect(message.packet.qos).toBe(qos);
  });

  it('downgrades delivery to the subscription QoS', async () => {
    const subscriber = await suite.clients.connect({ ...v311, clientId: 'downgrade-sub' });
    await subscriber.subscribeAsync('downgrade/t', { qos: 0 });
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect(v311);
    await publisher.publishAsync('downgrade/t', 'x', { qos: 2 });
    expect((await received.next()).packet.qos).toBe(0);
  });

  it('delivers at most the QoS a wildcard subscription granted (3.8.4), for live and retained messages', async () => {
    const publisher = await suite.clients.connect(v311);
    await publisher.publishAsync('capped/kept', 'retained at 2', { qos: 2, retain: true });
    const { client } = await raw.connect({}, { protocolVersion: 4, autoAcknowledge: true });
    await client.subscribe('capped/+', { qos: 1 });
    expect(await client.nextPublish()).toMatchObject({ topic: 'capped/kept', qos: 1, retain: true });
    await publisher.publishAsync('capped/live', 'live at 2', { qos: 2 });
    expect(await client.nextPublish()).toMatchObject({ topic: 'capped/live', qos: 1 });
    await publisher.publishAsync('capped/kept', '', { qos: 1, retain: true });
  });

  it('sends overlapping subscriptions one copy, at the highest QoS they granted', async () => {
    const { client } = await raw.connect({}, { protocolVersion: 4, autoAcknowledge: true });
    await client.subscribe('overlap/+/t', { qos: 0 }, 1);
    await client.subscribe('overlap/#', { qos: 2 }, 2);
    const publisher = await suite.clients.connect(v311);
    await publisher.publishAsync('overlap/a/t', 'once', { qos: 1 });
    const delivered = [await client.nextPublish(), ...(await client.settle('publish'))];
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ topic: 'overlap/a/t', qos: 1 });
  });

  it.each([
    ['a second CONNECT (3.1.0-2)', [0x10, 12, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 2, 0, 60, 0, 0]],
    ['a PUBLISH at QoS 3 (3.3.1-4)', [0x36, 6, 0, 1, 0x61, 0, 1, 0x78]],
    ['a wildcard in a PUBLISH topic (3.3.2-2)', [0x30, 4, 0, 1, 0x2b, 0x78]],
    ['U+0000 in a topic (1.5.3-2)', [0x30, 5, 0, 2, 0x61, 0x00, 0x78]],
    ['U+0000 in a topic filter (1.5.3-2)', [0x82, 7, 0, 1, 0, 2, 0x61, 0x00, 0]],
    ['ill-formed UTF-8 in a topic (1.5.3-1)', [0x30, 5, 0, 2, 0xc3, 0x28, 0x78]],
    ['a UTF-16 surrogate encoded in a topic filter (1.5.3-1)', [0x82, 8, 0, 1, 0, 3, 0xed, 0xa0, 0x80, 0]],
    ['a QoS 1 PUBLISH with Packet Identifier 0 (2.3.1-1)', [0x32, 6, 0, 1, 0x61, 0, 0, 0x78]],
    ['a SUBSCRIBE with Packet Identifier 0 (2.3.1-1)', [0x82, 6, 0, 0, 0, 1, 0x61, 0]],
    ['a SUBSCRIBE without topic filters (3.8.3-3)', [0x82, 2, 0, 1]],
    ['a SUBSCRIBE with reserved flags (3.8.1-1)', [0x80, 6, 0, 1, 0, 1, 0x61, 0]],
    ['a SUBSCRIBE asking QoS 3 (3-8.3-4)', [0x82, 6, 0, 1, 0, 1, 0x61, 3]],
    ['an UNSUBSCRIBE without topic filters (3.10.3-2)', [0xa2, 2, 0, 1]],
    ['a PUBREL with reserved flags (3.6.1-1)', [0x60, 2, 0, 1]],
    ['a reserved packet type', [0xf0, 0]],
  ])('closes the connection on %s', async (_name, bytes) => {
    const { client, connack } = await raw.connect({ clientId: 'strict-311' }, { protocolVersion: 4 });
    expect(connack.returnCode).toBe(0);
    client.socket.write(Buffer.from(bytes));
    expect(await client.waitClosed()).toBe(true);
  });

  it('keeps the last retained message per topic for new subscribers, and clears it with an empty one', async () => {
    const publisher = await suite.clients.connect(v311);
    await publisher.publishAsync('retained/room', 'first', { qos: 1, retain: true });
    await publisher.publishAsync('retained/room', 'second', { qos: 1, retain: true });
    const late = await suite.clients.connect(v311);
    const received = inbox(late);
    await late.subscribeAsync('retained/#', { qos: 1 });
    const message = await received.next();
    expect(message.payload).toBe('second');
    expect(message.packet.retain).toBe(true);

    await publisher.publishAsync('retained/room', '', { qos: 1, retain: true });
    const later = await suite.clients.connect(v311);
    const nothing = inbox(later);
    await later.subscribeAsync('retained/#');
    expect(await nothing.none()).toBe(true);
  });

  it('publishes the will when a client vanishes, not when it disconnects', async () => {
    const watcher = await suite.clients.connect(v311);
    await watcher.subscribeAsync('wills/#');
    const received = inbox(watcher);

    const polite = await suite.clients.connect({ ...v311, will: { topic: 'wills/polite', payload: Buffer.from('gone'), qos: 0, retain: false } });
    await polite.endAsync();
    expect(await received.none()).toBe(true);

    const vanishing = await suite.clients.connect({ ...v311, will: { topic: 'wills/vanished', payload: Buffer.from('lost'), qos: 1, retain: false } });
    vanishing.stream.destroy();
    const will = await received.next();
    expect(will).toMatchObject({ topic: 'wills/vanished', payload: 'lost' });
  });

  it('queues QoS 1 messages for an offline persistent session and delivers them on reconnect', async () => {
    const first = await suite.clients.connect({ ...v311, clientId: 'persistent-311', clean: false });
    await first.subscribeAsync('queue/t', { qos: 1 });
    await first.endAsync();
    const publisher = await suite.clients.connect(v311);
    for (const n of [1, 2, 3]) await publisher.publishAsync('queue/t', `m${n}`, { qos: 1 });

    const again = suite.clients.open({ ...v311, clientId: 'persistent-311', clean: false });
    const received = inbox(again);
    const payloads = [(await received.next()).payload, (await received.next()).payload, (await received.next()).payload];
    expect(payloads).toEqual(['m1', 'm2', 'm3']);
  });

  it('resends an unacknowledged QoS 1 message on reconnect with DUP set and its packet id (3.1.1 sections 4.4, 3.3.1.1)', async () => {
    const { client: first } = await raw.connect({ clientId: 'resend-311', clean: false }, v311);
    await first.subscribe('resend-311/t', { qos: 1 });
    const { client: publisher } = await raw.connect({}, v311);
    publisher.publish('resend-311/t', 'unacknowledged', { qos: 1, messageId: 1 });
    const sent = await first.nextPublish();
    expect(sent.dup).toBe(false);
    first.end();
    const { client: back } = await raw.connect({ clientId: 'resend-311', clean: false }, v311);
    expect(await back.nextPublish()).toMatchObject({ payload: Buffer.from('unacknowledged'), messageId: sent.messageId, dup: true });
  });

  it('closes the older connection when a second one takes over the client id', async () => {
    const first = await suite.clients.connect({ ...v311, clientId: 'takeover' });
    const firstClosed = new Promise<boolean>((resolve) => first.once('close', () => resolve(true)));
    await suite.clients.connect({ ...v311, clientId: 'takeover' });
    expect(await firstClosed).toBe(true);
    await eventually(() => expect(suite.node.mqtt.events.forClient('takeover').map((event) => event.type)).toContain('TAKEN_OVER'));
    expect(suite.node.mqtt.sessions.get('takeover')?.connectionState).toBe('CONNECTED');
  });

  it('does not deliver $-topics to a root wildcard subscription', async () => {
    const subscriber = await suite.clients.connect(v311);
    await subscriber.subscribeAsync('#');
    const received = inbox(subscriber);
    // Clients may not publish to $ topics at all (abuse-journeys.test.ts): the broker does.
    await new Promise((resolve) => suite.node.mqtt.broker.publish({ cmd: 'publish', topic: '$internal/status', payload: Buffer.from('hidden'), qos: 0, retain: false, dup: false }, resolve));
    const publisher = await suite.clients.connect(v311);
    await publisher.publishAsync('visible/status', 'shown');
    expect((await received.next()).topic).toBe('visible/status');
    expect(received.messages.filter((message) => message.topic.startsWith('$'))).toEqual([]);
  });

  it('refuses an invalid topic filter by closing the connection', async () => {
    // mqtt.js will not send such a filter, so the SUBSCRIBE goes over a raw connection.
    const socket = await rawConnection(suite.node);
    const packets = rawPackets(socket);
    socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: 'bad-filter', keepalive: 30 }));
    socket.write(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'sensors/#/temperature', qos: 0 }] }));
    expect(await closed(socket)).toBe(true);
    expect(packets.map((packet) => packet.cmd)).toEqual(['connack']);
  });

  it('disconnects a client that stops sending within one and a half keep-alive periods', async () => {
    const socket = await rawConnection(suite.node);
    socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: 'silent', keepalive: 1 }));
    // Time is what this checks, one-sided: 1.5 s is the rule, the deadline is generous for a busy machine.
    expect(await closed(socket)).toBe(true);
    await eventually(() => expect(suite.node.mqtt.events.forClient('silent').map((event) => event.type)).toContain('KEEP_ALIVE_TIMEOUT'));
  });

  it('closes a connection that sends a malformed packet and keeps serving everyone else', async () => {
    const socket = await rawConnection(suite.node);
    socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x01, 0x00]));
    expect(await closed(socket)).toBe(true);
    const garbage = await rawConnection(suite.node);
    garbage.write(Buffer.from('GET / HTTP/1.1\r\nHost: broker\r\n\r\n'));
    expect(await closed(garbage)).toBe(true);

    const subscriber = await suite.clients.connect(v311);
    await subscriber.subscribeAsync('still/alive');
    const received = inbox(subscriber);
    await subscriber.publishAsync('still/alive', 'yes');
    expect((await received.next()).payload).toBe('yes');
  });
});
