import type mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';

// Room for three retained messages, or for 64 KiB of topics and payloads, whichever comes first.
const suite = useBrokerSuite({ maxRetainedMessages: 3, maxRetainedBytes: 64 * 1024 });

const retained = () => suite.node.mqtt.broker.persistence.retainedMessages;
const dropped = () => suite.node.mqtt.statistics.snapshot().droppedMsgs;

async function rawClient(protocolVersion: 4 | 5): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect({ port: suite.node.mqttPort, protocolVersion }, { clientId: `retained-limits-${protocolVersion}-${Date.now()}` });
  expect(connack.returnCode ?? connack.reasonCode ?? 0).toBe(0);
  return client;
}

async function publishAcknowledged(client: RawMqttClient, topic: string, payload: string | Buffer, messageId: number, properties?: mqttPacket.IPublishPacket['properties']): Promise<number> {
  client.publish(topic, payload, { qos: 1, retain: true, messageId, ...(properties ? { properties } : {}) });
  const puback = (await client.next('puback')) as mqttPacket.IPubackPacket;
  expect(puback.messageId).toBe(messageId);
  return puback.reasonCode ?? 0;
}

describe('retained messages held to STARLING_MAX_RETAINED_MESSAGES and STARLING_MAX_RETAINED_BYTES', () => {
  it('refuses a new topic beyond the limit with 0x97 to an MQTT 5 publisher at QoS 1, delivers it to nobody, and still replaces and clears held ones', async () => {
    for (const topic of ['limits/a', 'limits/b', 'limits/c']) retained().delete(topic);
    const subscriber = await suite.clients.connect({ protocolVersion: 5 });
    const messages = inbox(subscriber);
    await subscriber.subscribeAsync('limits/#', { qos: 1 });
    const publisher = await rawClient(5);
    const droppedBefore = dropped();

    expect(await publishAcknowledged(publisher, 'limits/a', 'one', 1)).toBe(0);
    expect(await publishAcknowledged(publisher, 'limits/b', 'two', 2)).toBe(0);
    expect(await publishAcknowledged(publisher, 'limits/c', 'three', 3)).toBe(0);
    // The fourth topic is one too many: Quota exceeded, not stored, not delivered.
    expect(await publishAcknowledged(publisher, 'limits/d', 'four', 4)).toBe(0x97);
    expect(retained().has('limits/d')).toBe(false);
    expect(dropped()).toBe(droppedBefore + 1);
    // A topic already held takes its new message, and an empty payload clears one, at the limit.
    expect(await publishAcknowledged(publisher, 'limits/a', 'one again', 5)).toBe(0);
    expect(String(retained().get('limits/a')?.packet.payload)).toBe('one again');
    expect(await publishAcknowledged(publisher, 'limits/b', '', 6)).toBe(0);
    expect(retained().has('limits/b')).toBe(false);
    // Room again: a new topic is taken.
    expect(await publishAcknowledged(publisher, 'limits/e', 'five', 7)).toBe(0);
    expect(retained().has('limits/e')).toBe(true);

    const topics = [];
    for (let count = 0; count < 6; count++) topics.push((await messages.next()).topic);
    expect(topics).toEqual(['limits/a', 'limits/b', 'limits/c', 'limits/a', 'limits/b', 'limits/e']);
    await messages.none();
    publisher.end();
  });

  it('delivers a QoS 0 message, and any message of an MQTT 3.1.1 publisher, beyond the limit as one that is not retained', async () => {
    const held = ['limits/x', 'limits/y', 'limits/z'];
    for (const entry of [...retained().all()]) retained().delete(entry.packet.topic ?? '');
    const subscriber = await suite.clients.connect({ protocolVersion: 5 });
    const messages = inbox(subscriber);
    // Retain As Published: the retain flag each message arrives with is the one it was sent on with.
    await subscriber.subscribeAsync('limits/#', { qos: 1, rap: true });
    const publisher = await rawClient(5);
    for (const [index, topic] of held.entries()) expect(await publishAcknowledged(publisher, topic, 'held', index + 1)).toBe(0);
    for (let count = 0; count < held.length; count++) expect((await messages.next()).packet.retain).toBe(true);
    const droppedBefore = dropped();

    publisher.publish('limits/qos0', 'at most once', { qos: 0, retain: true });
    const atMostOnce = await messages.next();
    expect([atMostOnce.topic, atMostOnce.payload, atMostOnce.packet.retain]).toEqual(['limits/qos0', 'at most once', false]);

    const older = await rawClient(4);
    const puback = await publishAcknowledged(older, 'limits/v4', 'no refusal in 3.1.1', 9);
    expect(puback).toBe(0);
    const fromOlder = await messages.next();
    expect([fromOlder.topic, fromOlder.packet.retain]).toEqual(['limits/v4', false]);

    expect(retained().has('limits/qos0')).toBe(false);
    expect(retained().has('limits/v4')).toBe(false);
    expect(retained().size).toBe(3);
    expect(dropped()).toBe(droppedBefore + 2);
    publisher.end();
    older.end();
  });

  it('counts the bytes of topics and payloads: a new message that would pass them is not retained', async () => {
    for (const entry of [...retained().all()]) retained().delete(entry.packet.topic ?? '');
    const publisher = await rawClient(5);
    expect(await publishAcknowledged(publisher, 'limits/big', Buffer.alloc(40 * 1024, 1), 1)).toBe(0);
    expect(retained().bytes).toBe('limits/big'.length + 40 * 1024);
    expect(await publishAcknowledged(publisher, 'limits/bigger', Buffer.alloc(30 * 1024, 2), 2)).toBe(0x97);
    expect(await publishAcknowledged(publisher, 'limits/small', Buffer.alloc(1024, 3), 3)).toBe(0);
    expect([...retained().all()].map((entry) => entry.packet.topic).sort()).toEqual(['limits/big', 'limits/small']);
    publisher.end();
  });

  it('counts what a replacement adds, and the properties: a held topic cannot grow past the bytes, nor hide them in user properties', async () => {
    for (const entry of [...retained().all()]) retained().delete(entry.packet.topic ?? '');
    const publisher = await rawClient(5);
    expect(await publishAcknowledged(publisher, 'limits/grows', 'x', 1)).toBe(0);
    // The same topic, now 70 KiB: more than the bound, though no message is added.
    expect(await publishAcknowledged(publisher, 'limits/grows', Buffer.alloc(70 * 1024, 4), 2)).toBe(0x97);
    expect(String(retained().get('limits/grows')?.packet.payload)).toBe('x');
    // Growing within the bound is a replacement like any other.
    expect(await publishAcknowledged(publisher, 'limits/grows', Buffer.alloc(60 * 1024, 5), 3)).toBe(0);
    expect(retained().bytes).toBe('limits/grows'.length + 60 * 1024);
    // A tiny payload carrying 10 KiB in a user property: the property counts.
    expect(await publishAcknowledged(publisher, 'limits/hidden', 'y', 4, { userProperties: { note: 'z'.repeat(10 * 1024) } })).toBe(0x97);
    expect(await publishAcknowledged(publisher, 'limits/hidden', 'y', 5, { userProperties: { note: 'z'.repeat(1024) } })).toBe(0);
    expect(retained().bytes).toBe('limits/grows'.length + 60 * 1024 + 'limits/hidden'.length + 1 + 'userProperties'.length + 'note'.length + 1024);
    publisher.end();
  });
});
