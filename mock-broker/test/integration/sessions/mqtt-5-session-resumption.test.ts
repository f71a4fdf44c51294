import type { IDisconnectPacket, IPublishPacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import {
  DELIVERY_DEADLINE_MS,
  LONG_SESSION,
  expectExpiryLeft,
  expectResent,
  leaveSubscribedSession,
  leaveUnfinishedDeliveries,
  nextPublishes,
  payloads,
  publishAll,
  waitUntil,
} from '../../support/mqtt/session-resumption.js';

/**
 * Resuming an MQTT 5 session, checked packet by packet with a strict raw client (which, unlike
 * mqtt.js, never subscribes again by itself). Section numbers are the OASIS MQTT 5.0 standard's.
 * The same across a broker restart: mqtt-5-session-resumption-restart.test.ts.
 */
const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const resumptions = [
  { resumedWith: 'the same Session Expiry Interval', properties: { sessionExpiryInterval: LONG_SESSION } },
  // The case mqtt.js hides: the session is resumed, and ends with this connection (3.1.2.11.2).
  { resumedWith: 'no Session Expiry Interval (0)', properties: {} },
];

describe.each(resumptions)('queued messages on a session resumed with $resumedWith (4.1, 3.1.2.4, 3.3.2.3.3)', ({ properties }) => {
  it('sends what was queued, in order, at once after CONNACK with Session Present 1, with the Message Expiry Interval that is left; an expired one is dropped', async () => {
    const clientId = `queued-${Object.keys(properties).length}`;
    const filter = `${clientId}/+`;
    await leaveSubscribedSession(raw, clientId, filter);

    const { client: publisher } = await raw.connect({});
    const publishedAt = Date.now();
    await publishAll(publisher, [
      { topic: `${clientId}/a`, payload: 'one', qos: 1 },
      { topic: `${clientId}/b`, payload: 'short-lived', qos: 1, messageExpiryInterval: 1 },
      { topic: `${clientId}/c`, payload: 'two', qos: 2, messageExpiryInterval: 600 },
    ]);
    const acknowledgedAt = Date.now();
    // 3.3.2.3.3: once the interval has passed the message must not be sent.
    await waitUntil(acknowledgedAt, 1100);

    const reconnectedAt = Date.now();
    const { client: back, connack } = await raw.connect({ clientId, clean: false, properties });
    // 3.2.2.1.1: Clean Start 0 and a session present: Session Present 1.
    expect(connack.sessionPresent).toBe(true);
    // 4.1, 4.4: the queued QoS 1/2 messages are the session's; no SUBSCRIBE is needed to get them.
    const delivered = await nextPublishes(back, 2);
    const receivedAt = Date.now();
    expect(payloads(delivered)).toEqual(['one', 'two']);
    expect(delivered.map((packet) => packet.qos)).toEqual([1, 2]);
    // 3.3.1.1: first delivery attempts, so DUP 0; 2.2.1: each QoS 1/2 PUBLISH has its own packet id.
    expect(delivered.map((packet) => packet.dup)).toEqual([false, false]);
    expect(new Set(delivered.map((packet) => packet.messageId)).size).toBe(2);
    const [unlimited, limited] = delivered as [IPublishPacket, IPublishPacket];
    expect(unlimited.properties?.messageExpiryInterval).toBeUndefined();
    expectExpiryLeft(limited, 600, { publishedAt, acknowledgedAt, reconnectedAt, receivedAt });

    back.acknowledge(unlimited);
    back.acknowledge(limited);
    back.acknowledge(await back.next('pubrel', DELIVERY_DEADLINE_MS));
    // Nothing else was waiting: the next PUBLISH is one sent now, not the expired message.
    await publishAll(publisher, [{ topic: `${clientId}/d`, payload: 'live', qos: 1 }], 10);
    expect(payloads([await back.nextPublish(DELIVERY_DEADLINE_MS)])).toEqual(['live']);
    expect(back.violations).toEqual([]);
  });
});

describe('a session resumed with Session Expiry Interval 0 (3.1.2.11.2)', () => {
  it('ends when that connection closes', async () => {
    await leaveSubscribedSession(raw, 'ends-with-connection', 'ends/+');
    const { client: back, connack } = await raw.connect({ clientId: 'ends-with-connection', clean: false });
    expect(connack.sessionPresent).toBe(true);
    back.disconnect();
    await back.waitClosed(DELIVERY_DEADLINE_MS);
    const { connack: after } = await raw.connect({ clientId: 'ends-with-connection', clean: false });
    expect(after.sessionPresent).toBe(false);
  });
});

describe('unacknowledged deliveries on resumption (4.4, 3.3.1.1)', () => {
  it('resends unacknowledged QoS 1 and QoS 2 PUBLISHes with DUP 1 and their packet ids, and the PUBREL of a QoS 2 flow that had its PUBREC, in order', async () => {
    const unfinished = await leaveUnfinishedDeliveries(raw, 'resend');
    raw.closeAll(); // the network connections are lost before any other acknowledgement

    const { client: back, connack } = await raw.connect({ clientId: 'resend', clean: false, properties: { sessionExpiryInterval: LONG_SESSION } });
    expect(connack.sessionPresent).toBe(true);
    const [qos1] = await expectResent(back, unfinished);

    back.acknowledge(qos1 as IPublishPacket);
    back.send({ cmd: 'pubcomp', messageId: unfinished.qos2Released });
    back.send({ cmd: 'pubrec', messageId: unfinished.qos2Unanswered });
    back.acknowledge(await back.next('pubrel', DELIVERY_DEADLINE_MS));
    // Every flow is finished: the next PUBLISH is a new message, sent for the first time.
    const { client: publisher } = await raw.connect({});
    await publishAll(publisher, [{ topic: 'resend/d', payload: 'next', qos: 1 }]);
    const next = await back.nextPublish(DELIVERY_DEADLINE_MS);
    expect([next.payload.toString(), next.dup]).toEqual(['next', false]);
    expect(back.violations).toEqual([]);
  });
});

describe('Receive Maximum while a resumed session drains its queue (3.3.4, 4.9)', () => {
  it('never has more unacknowledged PUBLISHes out than the client\'s Receive Maximum; the rest follow, in order, as acknowledgements come', async () => {
    const clientId = 'drain';
    const receiveMaximum = 10;
    const queued = Array.from({ length: 105 }, (_, index) => `m${index + 1}`);
    await leaveSubscribedSession(raw, clientId, 'drain/+', 1);
    const { client: publisher } = await raw.connect({});
    await publishAll(publisher, queued.map((payload) => ({ topic: 'drain/t', payload, qos: 1 as const })));

    const { client: back } = await raw.connect({ clientId, clean: false, properties: { sessionExpiryInterval: LONG_SESSION, receiveMaximum } });
    // [MQTT-3.3.4-9]: with Receive Maximum unacknowledged, nothing more comes until one is acknowledged…
    const firstWindow = await nextPublishes(back, receiveMaximum);
    expect(await back.collect('publish', 300)).toEqual([]);
    // …and acknowledging one frees exactly one place.
    back.acknowledge(firstWindow[0] as IPublishPacket);
    const freed = await back.nextPublish(DELIVERY_DEADLINE_MS);
    expect(await back.collect('publish', 300)).toEqual([]);
    const delivered = [...firstWindow, freed];
    let unacknowledged = delivered.slice(1);
    while (delivered.length < queued.length) {
      for (const packet of unacknowledged) back.acknowledge(packet);
      unacknowledged = await nextPublishes(back, Math.min(receiveMaximum, queued.length - delivered.length));
      if (unacknowledged.length === receiveMaximum) expect(await back.collect('publish', 300)).toEqual([]);
      delivered.push(...unacknowledged);
    }
    expect(payloads(delivered)).toEqual(queued);
    expect(delivered.every((packet) => !packet.dup)).toBe(true);
    expect(back.violations).toEqual([]);
  });
});

describe('session takeover (3.1.4, 4.13)', () => {
  it('sends the old connection DISCONNECT 0x8E and closes it; the new one resumes the session: unacknowledged and queued messages, subscriptions', async () => {
    const clientId = 'taken-over';
    // Receive Maximum 1 keeps the second message in the session, unsent, while the first is out.
    const { client: old } = await raw.connect({ clientId, clean: true, properties: { sessionExpiryInterval: LONG_SESSION, receiveMaximum: 1 } });
    await old.subscribe('takeover/+', { qos: 1 });
    const { client: publisher } = await raw.connect({});
    await publishAll(publisher, [
      { topic: 'takeover/a', payload: 'in-flight', qos: 1 },
      { topic: 'takeover/b', payload: 'waiting', qos: 1 },
    ]);
    const inFlight = await old.nextPublish(DELIVERY_DEADLINE_MS);
    expect(inFlight.payload.toString()).toBe('in-flight');

    const { client: taker, connack } = await raw.connect({ clientId, clean: false, properties: { sessionExpiryInterval: LONG_SESSION } });
    // [MQTT-3.1.4-3]: DISCONNECT with Reason Code 0x8E (Session taken over), then the connection closes.
    expect(((await old.next('disconnect', DELIVERY_DEADLINE_MS)) as IDisconnectPacket).reasonCode).toBe(0x8e);
    expect(await old.waitClosed(DELIVERY_DEADLINE_MS)).toBe(true);
    expect(connack.sessionPresent).toBe(true);
    // [MQTT-4.4.0-1]: the unacknowledged one again (DUP 1, same packet id), then the one never sent (DUP 0).
    const resumed = await nextPublishes(taker, 2);
    expect(resumed.map((packet) => [packet.payload.toString(), packet.dup])).toEqual([
      ['in-flight', true],
      ['waiting', false],
    ]);
    expect(resumed[0]?.messageId).toBe(inFlight.messageId);
    for (const packet of resumed) taker.acknowledge(packet);
    await publishAll(publisher, [{ topic: 'takeover/c', payload: 'after', qos: 1 }], 10);
    expect(payloads([await taker.nextPublish(DELIVERY_DEADLINE_MS)])).toEqual(['after']);
    expect(taker.violations).toEqual([]);
  });
});

describe('Session Expiry Interval set by DISCONNECT (3.14.2.2.2)', () => {
  it('keeps the session past the interval CONNECT stated when DISCONNECT sets a longer one', async () => {
    const { client } = await raw.connect({ clientId: 'lengthened', clean: true, properties: { sessionExpiryInterval: 1 } });
    await client.subscribe('lengthened/+', { qos: 1 });
    client.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: LONG_SESSION } });
    await client.waitClosed(DELIVERY_DEADLINE_MS);
    const disconnectedAt = Date.now();
    const { client: publisher } = await raw.connect({});
    await publishAll(publisher, [{ topic: 'lengthened/a', payload: 'kept', qos: 1 }]);
    // Past the 1 s CONNECT stated: time is what this checks.
    await waitUntil(disconnectedAt, 1500);
    const { client: back, connack } = await raw.connect({ clientId: 'lengthened', clean: false, properties: { sessionExpiryInterval: LONG_SESSION } });
    expect(connack.sessionPresent).toBe(true);
    expect(payloads([await back.nextPublish(DELIVERY_DEADLINE_MS)])).toEqual(['kept']);
  });

  it('ends the session when the shorter interval DISCONNECT set runs out, and at once for 0', async () => {
    const { client: shortened } = await raw.connect({ clientId: 'shortened', clean: true, properties: { sessionExpiryInterval: LONG_SESSION } });
    await shortened.subscribe('shortened/+', { qos: 1 });
    shortened.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 1 } });
    await shortened.waitClosed(DELIVERY_DEADLINE_MS);
    const disconnectedAt = Date.now();
    const { client: ended } = await raw.connect({ clientId: 'ended', clean: true, properties: { sessionExpiryInterval: LONG_SESSION } });
    await ended.subscribe('ended/+', { qos: 1 });
    ended.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
    await ended.waitClosed(DELIVERY_DEADLINE_MS);
    expect((await raw.connect({ clientId: 'ended', clean: false })).connack.sessionPresent).toBe(false);

    await waitUntil(disconnectedAt, 1500);
    expect((await raw.connect({ clientId: 'shortened', clean: false })).connack.sessionPresent).toBe(false);
  });

  it('answers a non-zero interval after a CONNECT that stated 0 with DISCONNECT 0x82 (Protocol Error) and keeps no session', async () => {
    const { client } = await raw.connect({ clientId: 'raised', clean: true });
    await client.subscribe('raised/+', { qos: 1 });
    client.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: LONG_SESSION } });
    // [MQTT-3.14.2-2]: the Session Expiry Interval MUST NOT be sent on DISCONNECT if it was 0 in CONNECT.
    expect(((await client.next('disconnect', DELIVERY_DEADLINE_MS)) as IDisconnectPacket).reasonCode).toBe(0x82);
    expect(await client.waitClosed(DELIVERY_DEADLINE_MS)).toBe(true);
    expect((await raw.connect({ clientId: 'raised', clean: false })).connack.sessionPresent).toBe(false);
  });
});
