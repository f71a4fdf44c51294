import { describe, expect, it } from 'vitest';
import { disconnectClient } from '../../../src/mqtt/sessions/session-control.js';
import { inbox, pause } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();

const v5 = { protocolVersion: 5 as const };

describe('MQTT 5', () => {
  it('forwards user properties and the other publish properties', async () => {
    const subscriber = await suite.clients.connect(v5);
    await subscriber.subscribeAsync('props/t');
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect(v5);
    await publisher.publishAsync('props/t', '{"t":21}', {
      properties: {
        userProperties: { site: 'berlin', line: '4' },
        contentType: 'application/json',
        payloadFormatIndicator: true,
        responseTopic: 'replies/1',
        correlationData: Buffer.from('abc'),
      },
    });
    const { packet } = await received.next();
    expect(packet.properties).toMatchObject({
      userProperties: { site: 'berlin', line: '4' },
      contentType: 'application/json',
      payloadFormatIndicator: true,
      responseTopic: 'replies/1',
    });
    expect(packet.properties?.correlationData?.toString()).toBe('abc');
  });

  it('honours No Local, Retain As Published and the subscription identifier', async () => {
    const client = await suite.clients.connect(v5);
    await client.subscribeAsync('options/local', { qos: 1, nl: true });
    await client.subscribeAsync('options/rap', { qos: 1, rap: true, properties: { subscriptionIdentifier: 7 } });
    const received = inbox(client);
    await client.publishAsync('options/local', 'mine', { qos: 1 });
    expect(await received.none()).toBe(true);

    const other = await suite.clients.connect(v5);
    await other.publishAsync('options/rap', 'kept flag', { qos: 1, retain: true });
    const message = await received.next();
    expect(message.packet.retain).toBe(true);
    expect(message.packet.properties?.subscriptionIdentifier).toBe(7);
  });

  it.each([
    [0, true, true],
    [1, true, false],
    [2, false, false],
  ] as const)('Retain Handling %i: retained on first subscribe %s, on repeated subscribe %s', async (retainHandling, first, repeated) => {
    const publisher = await suite.clients.connect(v5);
    await publisher.publishAsync(`handling/${retainHandling}`, 'state', { qos: 1, retain: true });
    const client = await suite.clients.connect(v5);
    const received = inbox(client);
    // A retained message that is due is waited for; one that is not is proven absent by a barrier.
    const retainedOn = async (sent: boolean) => {
      await client.subscribeAsync(`handling/${retainHandling}`, { qos: 1, rh: retainHandling });
      const message = sent ? await received.next() : undefined;
      expect(await received.none()).toBe(true);
      return message?.payload;
    };
    expect(await retainedOn(first)).toBe(first ? 'state' : undefined);
    expect(await retainedOn(repeated)).toBe(repeated ? 'state' : undefined);
  });

  it('accepts topic aliases up to the maximum it advertises', async () => {
    const subscriber = await suite.clients.connect(v5);
    await subscriber.subscribeAsync('alias/#');
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect(v5);
    expect(suite.clients.connack(publisher)?.properties?.topicAliasMaximum).toBe(100);
    await publisher.publishAsync('alias/long/topic/name', 'first', { properties: { topicAlias: 3 } });
    await publisher.publishAsync('', 'second', { properties: { topicAlias: 3 } });
    expect((await received.next()).topic).toBe('alias/long/topic/name');
    expect(await received.next()).toMatchObject({ topic: 'alias/long/topic/name', payload: 'second' });
  });

  it('ends a session after its expiry interval and forgets it', async () => {
    const first = await suite.clients.connect({ ...v5, clientId: 'expiring', clean: false, properties: { sessionExpiryInterval: 1 } });
    await first.subscribeAsync('expiring/t', { qos: 1 });
    const endedAt = Date.now();
    await first.endAsync();
    await eventually(() => expect(suite.node.mqtt.sessions.get('expiring')?.connectionState).toBe('DISCONNECTED'));
    // Time is what this checks, one-sided: not before its second is up, and at some point after.
    await eventually(() => expect(suite.node.mqtt.sessions.get('expiring')).toBeUndefined());
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(900);
    expect(suite.node.mqtt.events.forClient('expiring').map((event) => event.type)).toContain('SESSION_EXPIRED');
    const again = await suite.clients.connect({ ...v5, clientId: 'expiring', clean: false, properties: { sessionExpiryInterval: 1 } });
    expect(suite.clients.connack(again)?.sessionPresent).toBe(false);
  });

  it('resumes a session within its expiry interval and drops queued messages whose own expiry passed', async () => {
    const options = { ...v5, clientId: 'resuming', clean: false, properties: { sessionExpiryInterval: 60 } };
    const first = await suite.clients.connect(options);
    await first.subscribeAsync('resume/t', { qos: 1 });
    await first.endAsync();
    const publisher = await suite.clients.connect(v5);
    await publisher.publishAsync('resume/t', 'short-lived', { qos: 1, properties: { messageExpiryInterval: 1 } });
    await publisher.publishAsync('resume/t', 'long-lived', { qos: 1, properties: { messageExpiryInterval: 60 } });
    await pause(1500);
    const again = suite.clients.open(options);
    const received = inbox(again);
    const message = await received.next();
    expect(suite.clients.connack(again)?.sessionPresent).toBe(true);
    expect(message.payload).toBe('long-lived');
    expect(await received.none()).toBe(true);
  });

  it('delays the will by its Will Delay Interval', async () => {
    const watcher = await suite.clients.connect(v5);
    await watcher.subscribeAsync('delayed/will');
    const received = inbox(watcher);
    const vanishing = await suite.clients.connect({
      ...v5,
      properties: { sessionExpiryInterval: 10 },
      will: { topic: 'delayed/will', payload: Buffer.from('late'), qos: 0, retain: false, properties: { willDelayInterval: 1 } },
    });
    const vanishedAt = Date.now();
    vanishing.stream.destroy();
    const will = await received.next();
    expect(will.payload).toBe('late');
    expect(Date.now() - vanishedAt).toBeGreaterThanOrEqual(900);
  });

  it('tells an MQTT 5 client that an administrator disconnected it (reason 152)', async () => {
    const client = await suite.clients.connect({ ...v5, clientId: 'to-disconnect' });
    const reason = new Promise<number | undefined>((resolve) => client.once('disconnect', (packet) => resolve(packet.reasonCode)));
    expect(await disconnectClient(suite.node.mqtt.broker, 'to-disconnect')).toBe(true);
    expect(await reason).toBe(152);
    await eventually(() => expect(suite.node.mqtt.events.forClient('to-disconnect').at(-1)).toMatchObject({ type: 'DISCONNECTED', reasonCode: 152, initiator: 'ADMINISTRATOR' }));
    expect(await disconnectClient(suite.node.mqtt.broker, 'nobody-by-this-name')).toBe(false);
  });
});

describe('session registry and counters', () => {
  it('describes a connected client and keeps an offline persistent session', async () => {
    const client = await suite.clients.connect({ ...v5, clientId: 'described', clean: false, keepalive: 45, username: 'ops', properties: { sessionExpiryInterval: 300 } });
    await client.subscribeAsync('plant/+/temperature', { qos: 1, nl: true, rh: 1, properties: { subscriptionIdentifier: 9 } });
    await eventually(() => expect(suite.node.mqtt.sessions.get('described')?.subscriptions).toHaveLength(1));
    expect(suite.node.mqtt.sessions.get('described')).toMatchObject({
      clientId: 'described',
      connectionState: 'CONNECTED',
      mqttVersion: 5,
      keepAliveSeconds: 45,
      cleanStart: false,
      sessionExpiryInterval: 300,
      username: 'ops',
      nodeId: suite.node.config.nodeId,
      subscriptions: [{ topicFilter: 'plant/+/temperature', qos: 1, options: { noLocal: true, retainAsPublish: false, retainHandling: 1 }, subscriptionId: 9 }],
    });
    expect(suite.node.mqtt.sessions.get('described')?.clientIpAdr).toMatch(/^127\.0\.0\.1:\d+$/);

    await client.endAsync();
    await eventually(() => expect(suite.node.mqtt.sessions.get('described')).toMatchObject({ connectionState: 'DISCONNECTED' }));
    expect(suite.node.mqtt.sessions.get('described')?.disconnectedAt).toEqual(expect.any(Number));
  });

  it('forgets a clean session when its connection ends', async () => {
    const client = await suite.clients.connect({ protocolVersion: 4, clientId: 'ephemeral', clean: true });
    await eventually(() => expect(suite.node.mqtt.sessions.get('ephemeral')?.connectionState).toBe('CONNECTED'));
    await client.endAsync();
    await eventually(() => expect(suite.node.mqtt.sessions.get('ephemeral')).toBeUndefined());
  });

  it('counts messages and payload bytes in and out', async () => {
    const before = suite.node.mqtt.statistics.snapshot();
    const subscribers = await Promise.all([suite.clients.connect(v5), suite.clients.connect(v5)]);
    await Promise.all(subscribers.map((subscriber) => subscriber.subscribeAsync('counted/t', { qos: 1 })));
    const inboxes = subscribers.map(inbox);
    const publisher = await suite.clients.connect(v5);
    await publisher.publishAsync('counted/t', '12345', { qos: 1 });
    await Promise.all(inboxes.map((box) => box.next()));
    const after = suite.node.mqtt.statistics.snapshot();
    expect(after.incomingMsgs - before.incomingMsgs).toBe(1);
    expect(after.inboundPayloadTraffic - before.inboundPayloadTraffic).toBe(5);
    expect(after.outgoingMsgs - before.outgoingMsgs).toBe(2);
    expect(after.outboundPayloadTraffic - before.outboundPayloadTraffic).toBe(10);
  });
});
