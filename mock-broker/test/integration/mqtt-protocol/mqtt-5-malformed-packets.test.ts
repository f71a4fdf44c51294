import mqttPacket, { type IDisconnectPacket, type IPublishPacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';

/**
 * What an MQTT 5 client may send that the broker must refuse or survive, packet by packet with a
 * strict raw client. Section numbers are the OASIS MQTT Version 5.0 standard's.
 */
const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const payloads = (packets: { payload: Buffer | string }[]) => packets.map((packet) => packet.payload.toString());

describe('packets the parser takes but the standard does not allow', () => {
  it.each([
    ['U+0000 in a topic (1.5.4): Malformed Packet', 0x81, { cmd: 'publish', topic: 'a\u0000b', payload: 'x', qos: 0 }],
    ['U+0000 in a user property (1.5.4): Malformed Packet', 0x81, { cmd: 'publish', topic: 'ok', payload: 'x', qos: 0, properties: { userProperties: { 'k\u0000': 'v' } } }],
    ['Packet Identifier 0 on a QoS 1 PUBLISH (2.2.1): Protocol Error', 0x82, { cmd: 'publish', topic: 'ok', payload: 'x', qos: 1, messageId: 0 }],
    // Topic 0xC3 0x28 (a lead byte without its continuation), no properties, payload "x".
    ['ill-formed UTF-8 in a topic (1.5.4): Malformed Packet', 0x81, Buffer.from([0x30, 6, 0, 2, 0xc3, 0x28, 0, 0x78])],
    // A user property whose name is U+D800 encoded (not a character, 1.5.4).
    ['a UTF-16 surrogate in a user property (1.5.4): Malformed Packet', 0x81, Buffer.from([0x30, 15, 0, 2, 0x6f, 0x6b, 8, 0x26, 0, 3, 0xed, 0xa0, 0x80, 0, 1, 0x76, 0x78])],
    // mqtt-packet will not write this one: packet identifier 4, no properties, no filter.
    ['an UNSUBSCRIBE without topic filters (3.10.3): Protocol Error', 0x82, Buffer.from([0xa2, 3, 0, 4, 0])],
  ] as const)('answers %s with DISCONNECT', async (_name, reasonCode, packet) => {
    const { client } = await raw.connect({});
    if (Buffer.isBuffer(packet)) client.socket.write(packet);
    else client.send(packet as unknown as Parameters<typeof client.send>[0]);
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(reasonCode);
    expect(await client.waitClosed()).toBe(true);
  });
});

describe('topic levels', () => {
  it('takes 100 levels, and answers a topic of 101 with DISCONNECT 0x90 and a filter of 101 with 0x8F', async () => {
    const levels = (count: number) => Array.from({ length: count }, () => 'l').join('/');
    const { client } = await raw.connect({});
    expect((await client.subscribe(levels(100), { qos: 0 })).granted).toEqual([0]);
    client.publish(levels(100), 'deep');
    expect((await client.nextPublish()).payload.toString()).toBe('deep');
    client.publish(levels(101), 'too deep');
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x90);
    const { client: subscriber } = await raw.connect({});
    subscriber.send({ cmd: 'subscribe', messageId: 2, subscriptions: [{ topic: `${levels(100)}/#`, qos: 0 }] });
    expect(((await subscriber.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x8f);
  });
});

describe('QoS 2 receipt (4.3.3)', () => {
  it('answers every PUBREL with PUBCOMP, a repeated one too, delivers the message once and keeps serving', async () => {
    const { client: watcher } = await raw.connect({ clientId: 'pubrel-watcher' });
    await watcher.subscribe('pubrel/again', { qos: 0 });
    const { client } = await raw.connect({ clientId: 'pubrel-sender' });
    client.publish('pubrel/again', 'once', { qos: 2, messageId: 7 });
    expect((await client.next('pubrec')).messageId).toBe(7);
    // Both in one segment, so the broker handles the second while the first is still releasing the packet.
    const pubrel = mqttPacket.generate({ cmd: 'pubrel', messageId: 7 }, { protocolVersion: 5 });
    client.socket.write(Buffer.concat([pubrel, pubrel]));
    expect((await client.next('pubcomp')).messageId).toBe(7);
    expect((await client.next('pubcomp')).messageId).toBe(7);
    client.publish('pubrel/again', 'after', { qos: 0 });
    const delivered = [await watcher.nextPublish(), await watcher.nextPublish(), ...((await watcher.settle('publish')) as IPublishPacket[])];
    expect(payloads(delivered)).toEqual(['once', 'after']);
  });
});
