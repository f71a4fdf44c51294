import type { IConnackPacket, IDisconnectPacket, IPublishPacket, ISubackPacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { pause } from '../../support/mqtt/mqtt-clients.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

/**
 * MQTT 5.0 behaviour checked packet by packet with a strict raw client. Section numbers are the
 * OASIS MQTT Version 5.0 standard's.
 */
const suite = useBrokerSuite({ maxKeepAliveSeconds: 120 });
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const payloads = (packets: { payload: Buffer | string }[]) => packets.map((packet) => packet.payload.toString());

describe('sessions: Clean Start and Session Expiry Interval are independent (3.1.2.4, 3.1.2.11.2)', () => {
  it('keeps a Clean Start session with an expiry: subscriptions stay and QoS 1/2 messages wait for its return', async () => {
    const { client: first, connack } = await raw.connect({ clientId: 'cs-expiry', clean: true, properties: { sessionExpiryInterval: 60 } });
    expect(connack.sessionPresent).toBe(false);
    await first.subscribe('cs/expiry/+', { qos: 2 });
    first.disconnect();
    await first.waitClosed();

    const { client: publisher } = await raw.connect({ clientId: 'cs-publisher' }, { autoAcknowledge: true });
    publisher.publish('cs/expiry/a', 'one', { qos: 1, messageId: 1 });
    publisher.publish('cs/expiry/b', 'two', { qos: 2, messageId: 2 });
    await publisher.next('puback');
    await publisher.next('pubrec');

    const { client: back, connack: resumed } = await raw.connect({ clientId: 'cs-expiry', clean: false, properties: { sessionExpiryInterval: 60 } }, { autoAcknowledge: true });
    expect(resumed.sessionPresent).toBe(true);
    const delivered = [await back.nextPublish(), await back.nextPublish()];
    expect(payloads(delivered)).toEqual(['one', 'two']);
    expect(delivered.map((packet) => packet.qos)).toEqual([1, 2]);
    expect(back.violations).toEqual([]);
  });

  it('discards the earlier session when Clean Start is set again', async () => {
    const { client: first } = await raw.connect({ clientId: 'cs-discard', clean: false, properties: { sessionExpiryInterval: 60 } });
    await first.subscribe('cs/discard', { qos: 1 });
    first.disconnect();
    await first.waitClosed();
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    publisher.publish('cs/discard', 'stale', { qos: 1, messageId: 1 });
    await publisher.next('puback');

    const { client: fresh, connack } = await raw.connect({ clientId: 'cs-discard', clean: true, properties: { sessionExpiryInterval: 60 } });
    expect(connack.sessionPresent).toBe(false);
    expect(await fresh.settle('publish')).toEqual([]);
    publisher.publish('cs/discard', 'after', { qos: 1, messageId: 2 });
    await publisher.next('puback');
    expect(await fresh.settle('publish')).toEqual([]);
  });

  it('obeys a Session Expiry Interval changed by DISCONNECT (3.14.2.2.2)', async () => {
    const { client: first } = await raw.connect({ clientId: 'cs-shorten', clean: true, properties: { sessionExpiryInterval: 60 } });
    await first.subscribe('cs/shorten', { qos: 1 });
    first.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
    await first.waitClosed();
    const { connack } = await raw.connect({ clientId: 'cs-shorten', clean: false, properties: { sessionExpiryInterval: 60 } });
    expect(connack.sessionPresent).toBe(false);

    const { client: lengthened } = await raw.connect({ clientId: 'cs-lengthen', clean: true, properties: { sessionExpiryInterval: 1 } });
    await lengthened.subscribe('cs/lengthen', { qos: 1 });
    lengthened.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 60 } });
    await lengthened.waitClosed();
    await pause(1500);
    const { connack: kept } = await raw.connect({ clientId: 'cs-lengthen', clean: false, properties: { sessionExpiryInterval: 60 } });
    expect(kept.sessionPresent).toBe(true);
  });

  it('answers a DISCONNECT that turns an expiry of 0 into a lasting one with DISCONNECT 0x82, and publishes the will', async () => {
    const { client: watcher } = await raw.connect({});
    await watcher.subscribe('cs/protocol-error/will', { qos: 0 });
    const { client } = await raw.connect({
      clientId: 'cs-zero',
      clean: true,
      will: { topic: 'cs/protocol-error/will', payload: Buffer.from('gone'), qos: 0, retain: false },
    });
    client.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 30 } });
    const answer = (await client.next('disconnect')) as IDisconnectPacket;
    expect(answer.reasonCode).toBe(0x82);
    expect(await client.waitClosed()).toBe(true);
    expect((await watcher.nextPublish()).payload.toString()).toBe('gone');
    const { connack } = await raw.connect({ clientId: 'cs-zero', clean: false, properties: { sessionExpiryInterval: 60 } });
    expect(connack.sessionPresent).toBe(false);
  });
});

describe('Message Expiry Interval (3.3.2.3.3)', () => {
  it('delivers a queued message with the interval that is left, and drops one whose interval ran out', async () => {
    const { client: first } = await raw.connect({ clientId: 'expiry-left', clean: false, properties: { sessionExpiryInterval: 60 } });
    await first.subscribe('expiry/left', { qos: 1 });
    first.end();
    await eventually(() => expect(suite.node.mqtt.sessions.get('expiry-left')?.connectionState).toBe('DISCONNECTED'));
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    const publishedAt = Date.now();
    publisher.publish('expiry/left', 'short', { qos: 1, messageId: 1, properties: { messageExpiryInterval: 1 } });
    publisher.publish('expiry/left', 'long', { qos: 1, messageId: 2, properties: { messageExpiryInterval: 20 } });
    await publisher.next('puback');
    await publisher.next('puback');
    // Time is what this checks: 'short' (1 s) has run out once 2.2 s have passed; 'long' has at
    // most 20 - 2.2 s left and, however slow the machine, no less than 20 s less the time since
    // it was published.
    await pause(2200);
    const { client: back } = await raw.connect({ clientId: 'expiry-left', clean: false, properties: { sessionExpiryInterval: 60 } }, { autoAcknowledge: true });
    const delivered = await back.nextPublish();
    expect(delivered.payload.toString()).toBe('long');
    expect(delivered.properties?.messageExpiryInterval).toBeLessThanOrEqual(18);
    expect(delivered.properties?.messageExpiryInterval).toBeGreaterThanOrEqual(20 - Math.ceil((Date.now() - publishedAt) / 1000) - 1);
    expect(await back.settle('publish')).toEqual([]);
  });
});

describe('wills (3.1.2.5, 3.1.3.2)', () => {
  it('never puts the Will Delay Interval into the will PUBLISH', async () => {
    const { client: watcher } = await raw.connect({});
    await watcher.subscribe('will/clean-props', { qos: 1 });
    const { client } = await raw.connect({
      clientId: 'will-props',
      properties: { sessionExpiryInterval: 5 },
      will: { topic: 'will/clean-props', payload: Buffer.from('bye'), qos: 1, retain: false, properties: { willDelayInterval: 1, contentType: 'text/plain', userProperties: { site: 'a' } } },
    });
    client.end();
    const will = await watcher.nextPublish();
    expect(will.payload.toString()).toBe('bye');
    expect(will.properties).toMatchObject({ contentType: 'text/plain', userProperties: { site: 'a' } });
    expect(watcher.violations).toEqual([]);
  });

  it('publishes the will when the session ends before the will delay has passed', async () => {
    const { client: watcher } = await raw.connect({});
    await watcher.subscribe('will/session-ends', { qos: 0 });
    const { client } = await raw.connect({
      clientId: 'will-session-ends',
      properties: { sessionExpiryInterval: 1 },
      will: { topic: 'will/session-ends', payload: Buffer.from('ended'), qos: 0, retain: false, properties: { willDelayInterval: 30 } },
    });
    const lostAt = Date.now();
    client.end();
    expect((await watcher.nextPublish()).payload.toString()).toBe('ended');
    // Time is what this checks: the session's 1 s, not the will's 30 s, decided when it went out.
    expect(Date.now() - lostAt).toBeLessThan(15_000);
  });

  it('does not publish the will when the client returns within the will delay', async () => {
    const { client: watcher } = await raw.connect({});
    await watcher.subscribe('will/returns', { qos: 0 });
    const connect = {
      clientId: 'will-returns',
      clean: false,
      properties: { sessionExpiryInterval: 30 },
      will: { topic: 'will/returns', payload: Buffer.from('should not'), qos: 0 as const, retain: false, properties: { willDelayInterval: 3 } },
    };
    const { client } = await raw.connect(connect);
    client.end();
    await eventually(() => expect(suite.node.mqtt.sessions.get('will-returns')?.connectionState).toBe('DISCONNECTED'));
    const { client: back } = await raw.connect({ ...connect, will: undefined });
    // Time is what this checks: back within the will's 3 s (a wide margin for a busy machine), and
    // nothing until well past them.
    expect(await watcher.collect('publish', 4000)).toEqual([]);
    back.disconnect();
  });

  it('publishes a pending delayed will at once when the client returns with Clean Start (its session ends)', async () => {
    const { client: watcher } = await raw.connect({});
    await watcher.subscribe('will/clean-return', { qos: 0 });
    const connect = {
      clientId: 'will-clean-return',
      properties: { sessionExpiryInterval: 60 },
      will: { topic: 'will/clean-return', payload: Buffer.from('session ended'), qos: 0 as const, retain: false, properties: { willDelayInterval: 30 } },
    };
    const { client } = await raw.connect(connect);
    client.end();
    await eventually(() => expect(suite.node.mqtt.sessions.get('will-clean-return')?.connectionState).toBe('DISCONNECTED'));
    await raw.connect({ clientId: 'will-clean-return', clean: true });
    // Long before the will's 30 s: the session's end, not its delay, sent it.
    expect((await watcher.nextPublish()).payload.toString()).toBe('session ended');
  });
});

describe('topic aliases (3.3.2.3.4)', () => {
  it('states its Topic Alias Maximum and refuses alias 0 or one above it with DISCONNECT 0x94', async () => {
    for (const alias of [0, 101]) {
      const { client, connack } = await raw.connect({});
      expect(connack.properties?.topicAliasMaximum).toBe(100);
      client.publish('alias/t', 'x', { properties: { topicAlias: alias } });
      expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x94);
      expect(await client.waitClosed()).toBe(true);
    }
  });

  it('keeps aliases per network connection: an alias-only PUBLISH on a new connection is a Protocol Error (0x82)', async () => {
    const connect = { clientId: 'alias-scope', clean: false, properties: { sessionExpiryInterval: 60 } };
    const { client: first } = await raw.connect(connect);
    first.publish('alias/scoped', 'named', { properties: { topicAlias: 4 } });
    first.disconnect();
    await first.waitClosed();
    const { client: second } = await raw.connect(connect);
    second.publish('', 'alias only', { properties: { topicAlias: 4 } });
    expect(((await second.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x82);
  });

  it('sends aliases to a client that allows them: the topic once, then the alias alone', async () => {
    const { client } = await raw.connect({ properties: { topicAliasMaximum: 2 } }, { autoAcknowledge: true });
    await client.subscribe('aliased/#', { qos: 1 });
    const { client: publisher } = await raw.connect({});
    for (const topic of ['aliased/a', 'aliased/a', 'aliased/b', 'aliased/b', 'aliased/a']) publisher.publish(topic, topic);
    const delivered = [];
    for (let index = 0; index < 5; index += 1) delivered.push(await client.nextPublish());
    const aliasOf = new Map<number, string>();
    const resolved = delivered.map((packet) => {
      const alias = packet.properties?.topicAlias;
      if (alias !== undefined && packet.topic !== '') aliasOf.set(alias, packet.topic);
      return packet.topic !== '' ? packet.topic : aliasOf.get(alias ?? -1);
    });
    expect(resolved).toEqual(['aliased/a', 'aliased/a', 'aliased/b', 'aliased/b', 'aliased/a']);
    expect(delivered[1]).toMatchObject({ topic: '' });
    expect(delivered[3]).toMatchObject({ topic: '' });
    expect(Math.max(...aliasOf.keys())).toBeLessThanOrEqual(2);
  });

  it('sends no alias to a client that did not allow them', async () => {
    const { client } = await raw.connect({});
    await client.subscribe('unaliased/#', { qos: 0 });
    const { client: publisher } = await raw.connect({});
    publisher.publish('unaliased/a', '1');
    publisher.publish('unaliased/a', '2');
    const delivered = [await client.nextPublish(), await client.nextPublish()];
    expect(delivered.map((packet) => [packet.topic, packet.properties?.topicAlias])).toEqual([
      ['unaliased/a', undefined],
      ['unaliased/a', undefined],
    ]);
  });
});

describe('flow control (3.3.4, 4.9)', () => {
  it('never has more unacknowledged QoS 1/2 PUBLISHes in flight than the client\'s Receive Maximum; the rest follow in order', async () => {
    const { client } = await raw.connect({ properties: { receiveMaximum: 2 } });
    await client.subscribe('flow/t', { qos: 2 });
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    for (let index = 1; index <= 5; index += 1) publisher.publish('flow/t', `m${index}`, { qos: 1, messageId: index });
    for (let index = 1; index <= 5; index += 1) await publisher.next('puback');
    // All five are the broker's now: the first two in flight, the rest held back.
    const [m1, m2] = [await client.nextPublish(), await client.nextPublish()];
    expect(payloads([m1, m2])).toEqual(['m1', 'm2']);
    expect(await client.settle('publish')).toEqual([]);
    client.acknowledge(m1);
    const m3 = await client.nextPublish();
    expect(payloads([m3])).toEqual(['m3']);
    expect(await client.settle('publish')).toEqual([]);
    client.acknowledge(m2);
    client.acknowledge(m3);
    const rest = [await client.nextPublish(), await client.nextPublish()];
    expect(payloads(rest)).toEqual(['m4', 'm5']);
    expect(await client.settle('publish')).toEqual([]);
  });

  it('counts a QoS 2 delivery in flight until PUBCOMP', async () => {
    const { client } = await raw.connect({ properties: { receiveMaximum: 1 } });
    await client.subscribe('flow/two', { qos: 2 });
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    publisher.publish('flow/two', 'a', { qos: 2, messageId: 1 });
    publisher.publish('flow/two', 'b', { qos: 2, messageId: 2 });
    // The broker answers PUBREC once it has routed the message: 'b' is held back by now, or sent.
    await publisher.next('pubrec');
    await publisher.next('pubrec');
    const first = (await client.nextPublish()) as IPublishPacket;
    client.send({ cmd: 'pubrec', messageId: first.messageId });
    const pubrel = await client.next('pubrel');
    expect(await client.settle('publish')).toEqual([]);
    client.send({ cmd: 'pubcomp', messageId: pubrel.messageId });
    expect((await client.nextPublish()).payload.toString()).toBe('b');
  });

  it('states its own Receive Maximum and disconnects a client that exceeds it with 0x93', async () => {
    const { client, connack } = await raw.connect({});
    const receiveMaximum = connack.properties?.receiveMaximum;
    expect(receiveMaximum).toBeGreaterThan(0);
    for (let index = 1; index <= (receiveMaximum ?? 0) + 1; index += 1) client.publish('flow/flood', 'x', { qos: 2, messageId: index });
    const disconnect = (await client.next('disconnect')) as IDisconnectPacket;
    expect(disconnect.reasonCode).toBe(0x93);
  });
});

describe('Maximum Packet Size (3.1.2.11.4, 3.2.2.3.6)', () => {
  it('states its limit and answers a larger packet with DISCONNECT 0x95', async () => {
    const { client, connack } = await raw.connect({});
    expect(connack.properties?.maximumPacketSize).toBe(256 * 1024);
    client.publish('big/in', Buffer.alloc(256 * 1024), { qos: 0 });
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x95);
  });

  it('never sends a client a packet above its limit: that delivery is dropped and counted for the session', async () => {
    const { client } = await raw.connect({ clientId: 'small-packets', properties: { maximumPacketSize: 200 } }, { autoAcknowledge: true });
    await client.subscribe('big/out', { qos: 1 });
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    publisher.publish('big/out', Buffer.alloc(500, 'x'), { qos: 1, messageId: 1 });
    publisher.publish('big/out', 'small', { qos: 1, messageId: 2 });
    // In order: the large one, had it been sent, would have come first.
    const delivered = [await client.nextPublish(), ...((await client.settle('publish')) as IPublishPacket[])];
    expect(payloads(delivered)).toEqual(['small']);
    expect(suite.node.mqtt.broker.persistence.droppedMessages.countFor('small-packets')).toBe(1);
  });
});

describe('subscription identifiers (3.3.4)', () => {
  it('puts every matching identifier on the one PUBLISH that overlapping subscriptions receive, at their highest QoS', async () => {
    const { client } = await raw.connect({}, { autoAcknowledge: true });
    await client.subscribe('ids/+/t', { qos: 0, subscriptionIdentifier: 3 }, 1);
    await client.subscribe('ids/#', { qos: 1, subscriptionIdentifier: 8 }, 2);
    await client.subscribe('ids/a/t', { qos: 0 }, 3);
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    publisher.publish('ids/a/t', 'overlap', { qos: 1, messageId: 1 });
    await publisher.next('puback');
    const delivered = [await client.nextPublish(), ...((await client.settle('publish')) as IPublishPacket[])];
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.qos).toBe(1);
    const identifiers = delivered[0]?.properties?.subscriptionIdentifier;
    expect([identifiers].flat().sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([3, 8]);
  });

  it('never delivers above the QoS a wildcard subscription granted', async () => {
    const { client } = await raw.connect({}, { autoAcknowledge: true });
    await client.subscribe('granted/+', { qos: 1 });
    const { client: publisher } = await raw.connect({}, { autoAcknowledge: true });
    publisher.publish('granted/x', 'q2', { qos: 2, messageId: 1 });
    expect((await client.nextPublish()).qos).toBe(1);
  });
});

describe('CONNACK tells the truth (3.2.2.3)', () => {
  it('advertises shared, wildcard and identifier subscriptions and retain, and no Maximum QoS (it supports QoS 2)', async () => {
    const { connack } = await raw.connect({});
    const properties = (connack as IConnackPacket).properties ?? {};
    expect(properties.sharedSubscriptionAvailable ?? true).toBe(true);
    expect(properties.wildcardSubscriptionAvailable ?? true).toBe(true);
    expect(properties.subscriptionIdentifiersAvailable ?? true).toBe(true);
    expect(properties.retainAvailable ?? true).toBe(true);
    expect(properties.maximumQoS).toBeUndefined();
  });

  it('grants a shared subscription to an MQTT 5 client', async () => {
    const { client } = await raw.connect({});
    const suback = (await client.subscribe('$share/g/shared/t', { qos: 1 })) as ISubackPacket;
    expect(suback.granted).toEqual([1]);
  });

  it('refuses enhanced authentication, which it does not offer, with 0x8C', async () => {
    const { connack, client } = await raw.connect({ properties: { authenticationMethod: 'SCRAM-SHA-1' } });
    expect(connack.reasonCode).toBe(0x8c);
    expect(await client.waitClosed()).toBe(true);
  });

  it('imposes the configured maximum keep-alive with Server Keep Alive', async () => {
    const { connack: over } = await raw.connect({ keepalive: 600 });
    expect(over.properties?.serverKeepAlive).toBe(120);
    const { connack: none } = await raw.connect({ keepalive: 0 });
    expect(none.properties?.serverKeepAlive).toBe(120);
    const { connack: within } = await raw.connect({ keepalive: 30 });
    expect(within.properties?.serverKeepAlive).toBeUndefined();
  });

  it('lets an MQTT 3.1.1 client with a longer keep-alive in (3.1.1 has no Server Keep Alive nor a refusal for it)', async () => {
    const { connack } = await raw.connect({ keepalive: 600 }, { protocolVersion: 4 });
    expect(connack.returnCode).toBe(0);
  });
});
