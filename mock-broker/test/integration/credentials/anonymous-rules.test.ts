import mqtt, { type MqttClient } from 'mqtt';
import type { IPubackPacket, IPubrecPacket } from 'mqtt-packet';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode } from '../../support/node/test-node.js';

const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());
let api: ApiClient;

/** What an operator sets for a read-only public feed: subscribe under public/, publish nothing. */
const READ_ONLY = { mode: 'ALLOWED', pubAuthRulePatterns: [], subAuthRulePatterns: ['public/.*'] };

interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

const saveAnonymousAccess = (body: Record<string, unknown>) => api.call<ErrorAnswer & Record<string, unknown>>('POST', '/api/mqtt/anonymousAccess', body);

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

/** A message published by the broker itself, as any other client's would arrive. */
const publishFromBroker = (topic: string) =>
  new Promise((resolve) => suite.node.mqtt.broker.publish({ cmd: 'publish', topic, payload: Buffer.from(topic), qos: 1, retain: false, dup: false }, resolve));

/** SUBACK codes, or 'granted' (mqtt.js rejects a SUBSCRIBE answered with a failure code). */
const subscribeCodes = (client: MqttClient, topic: string) =>
  client.subscribeAsync(topic).then(
    () => 'granted',
    (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
  );

describe('anonymous access with rules', () => {
  it('reads rule lists left out as every topic, and keeps an empty list as no topic', async () => {
    expect((await api.call('GET', '/api/mqtt/anonymousAccess')).body).toEqual({ mode: 'AUTO', allowed: true, pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] });
    expect((await saveAnonymousAccess({ mode: 'ALLOWED', subAuthRulePatterns: [' public/.* ', '', 'public/.*'] })).body).toEqual({
      mode: 'ALLOWED',
      allowed: true,
      pubAuthRulePatterns: ['.*'],
      subAuthRulePatterns: ['public/.*'],
    });
    expect((await saveAnonymousAccess(READ_ONLY)).body).toEqual({ ...READ_ONLY, allowed: true });
  });

  it('MQTT 5 (strict packets): grants subscriptions inside the rules, refuses others with 0x87, answers publishes with 0x87 and delivers none', async () => {
    await saveAnonymousAccess(READ_ONLY);
    const { client: reader, connack } = await raw.connect({ clientId: 'anonymous-reader-5' });
    expect(connack.reasonCode).toBe(0);
    expect((await reader.subscribe('public/#', { qos: 1 })).granted).toEqual([1]);
    expect((await reader.subscribe('private/#', { qos: 1 }, 2)).granted).toEqual([0x87]);

    const { client: writer } = await raw.connect({ clientId: 'anonymous-writer-5' });
    writer.publish('public/news', 'q1', { qos: 1, messageId: 10 });
    expect(((await writer.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    writer.publish('public/news', 'q2', { qos: 2, messageId: 11 });
    expect(((await writer.next('pubrec')) as IPubrecPacket).reasonCode).toBe(0x87);
    writer.publish('public/news', 'q0', { qos: 0 });
    // The broker is done with the q0 PUBLISH once it has answered the writer's PINGREQs.
    await writer.settle('publish');
    // None of the three reached the reader; a message from elsewhere does, and the writer stays connected.
    await publishFromBroker('public/weather');
    expect((await reader.nextPublish()).topic).toBe('public/weather');
    expect(await reader.settle('publish')).toEqual([]);
    expect(reader.received.filter((packet) => packet.cmd === 'publish')).toHaveLength(1);
    expect(writer.closed).toBe(false);
    expect([...reader.violations, ...writer.violations]).toEqual([]);
  });

  it('MQTT 3.1.1: refuses a subscription outside the rules with 0x80 and closes the connection of a client that publishes', async () => {
    await saveAnonymousAccess(READ_ONLY);
    const client = await suite.clients.connect({ protocolVersion: 4, clientId: 'anonymous-311' });
    expect(await subscribeCodes(client, 'public/#')).toBe('granted');
    expect(await subscribeCodes(client, 'private/#')).toEqual([0x80]);
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('public/news', 'x', { qos: 1 });
    await gone;
    expect(client.connected).toBe(false);
  });

  it('refuses at CONNECT an anonymous client whose will the rules do not let it publish', async () => {
    await saveAnonymousAccess(READ_ONLY);
    const refused = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${suite.node.mqttPort}`, { protocolVersion: 5, clientId: 'anonymous-will', reconnectPeriod: 0, will: { topic: 'public/gone', payload: Buffer.from('x'), qos: 0, retain: false } })
      .then(
        () => 'connected',
        (error: { code?: number }) => error.code,
      );
    expect(refused).toBe(0x87);
  });

  it('applies changed rules to an already connected anonymous client: dropped subscriptions, refused publishes', async () => {
    await saveAnonymousAccess({ mode: 'ALLOWED', pubAuthRulePatterns: ['status/.*'], subAuthRulePatterns: ['public/.*', 'status/.*'] });
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'anonymous-narrowed' });
    await client.publishAsync('status/anonymous-narrowed', 'up', { qos: 1 });
    await client.subscribeAsync(['public/#', 'status/#'], { qos: 1 });
    const received = inbox(client);

    const narrowed = await saveAnonymousAccess(READ_ONLY);
    expect(narrowed.status).toBe(200);
    // Published in this order: a status/# subscription still held would deliver its message first.
    await publishFromBroker('status/boiler');
    await publishFromBroker('public/weather');
    expect((await received.next()).topic).toBe('public/weather');
    expect(await received.none()).toBe(true);
    const publish = await client.publishAsync('status/anonymous-narrowed', 'again', { qos: 1 }).then(
      () => 'delivered',
      (error: { code?: number }) => error.code,
    );
    expect(publish).toBe(0x87);
    expect(await subscribeCodes(client, 'status/#')).toEqual([0x87]);
    expect(client.connected).toBe(true);
  });

  it('refuses a rule that is not a regular expression, too many rules or too long a rule with 400 naming the field, and keeps the rules in force', async () => {
    await saveAnonymousAccess(READ_ONLY);
    const invalid = await saveAnonymousAccess({ mode: 'ALLOWED', pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['public/.*', 'broken/('] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ status: 400, errorCode: 30 });
    expect(invalid.body.message).toContain('body.subAuthRulePatterns[1] is not a valid regular expression');
    const tooMany = await saveAnonymousAccess({ mode: 'ALLOWED', pubAuthRulePatterns: Array.from({ length: 101 }, (_, index) => `t/${index}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('body.pubAuthRulePatterns');
    const tooLong = await saveAnonymousAccess({ mode: 'ALLOWED', subAuthRulePatterns: [`public/${'x'.repeat(1024)}`] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('body.subAuthRulePatterns');
    expect((await api.call('GET', '/api/mqtt/anonymousAccess')).body).toEqual({ ...READ_ONLY, allowed: true });
  });

  it('answers the access simulator for anonymous clients with the anonymous rule that decided', async () => {
    await saveAnonymousAccess(READ_ONLY);
    const simulate = async (topic: string, action: 'PUBLISH' | 'SUBSCRIBE') =>
      (await api.call<Record<string, unknown>>('POST', '/api/mqtt/accessSimulation', { clientId: 'anyone', topic, action })).body;
    expect(await simulate('public/#', 'SUBSCRIBE')).toMatchObject({ allowed: true, stage: 'AUTHORIZATION', ruleList: 'subAuthRulePatterns', rulePattern: 'public/.*' });
    const publish = await simulate('public/news', 'PUBLISH');
    expect(publish).toMatchObject({ allowed: false, stage: 'AUTHORIZATION', ruleList: 'pubAuthRulePatterns' });
    expect(publish.reason).toContain('anonymous access is on but none of its pubAuthRulePatterns patterns matches');
  });
});

describe('anonymous rules across a restart', () => {
  it('are kept in the database and enforced by the restarted node', async () => {
    const first = await startTestNode();
    const firstApi = new ApiClient(first.baseUrl);
    await firstApi.signIn();
    await firstApi.call('POST', '/api/mqtt/anonymousAccess', READ_ONLY);
    await first.close();
    const second = await startTestNode({ dataDir: first.dataDir });
    try {
      const secondApi = new ApiClient(second.baseUrl);
      await secondApi.signIn();
      expect((await secondApi.call('GET', '/api/mqtt/anonymousAccess')).body).toEqual({ ...READ_ONLY, allowed: true });
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${second.mqttPort}`, { protocolVersion: 5, clientId: 'after-restart', reconnectPeriod: 0 });
      expect(await subscribeCodes(client, 'private/#')).toEqual([0x87]);
      await client.endAsync(true);
    } finally {
      await second.destroy();
    }
  });
});
