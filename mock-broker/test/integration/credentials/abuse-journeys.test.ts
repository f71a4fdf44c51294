import type { IPubackPacket } from 'mqtt-packet';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { RawClients, type RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

/** What an attacker tried against a fresh node, each as it was tried. */
const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());
let api: ApiClient;

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

describe('no client can disconnect another', () => {
  it.each([5, 4] as const)('through Aedes\' takeover topic $SYS/<id>/new/clients (MQTT version %i)', async (protocolVersion) => {
    const { client: victim } = await raw.connect({ clientId: `victim-${protocolVersion}` });
    const { client: attacker } = await raw.connect({}, { protocolVersion });
    attacker.publish(`$SYS/elsewhere/new/clients`, `victim-${protocolVersion}`, { qos: 1, messageId: 1 });
    if (protocolVersion === 5) expect(((await attacker.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    else expect(await attacker.waitClosed()).toBe(true);
    // The victim's PINGREQs are answered after all the broker did about the attacker's PUBLISH.
    expect(await victim.settle('disconnect')).toEqual([]);
    expect(victim.closed).toBe(false);
    expect(suite.node.mqtt.sessions.get(`victim-${protocolVersion}`)?.connectionState).toBe('CONNECTED');
  });

  it('nor by a will sent to a $ topic: refused at CONNECT', async () => {
    const { connack } = await raw.connect({ will: { topic: '$SYS/elsewhere/new/clients', payload: Buffer.from('victim'), qos: 0, retain: false } });
    expect(connack.reasonCode).toBe(0x87);
  });
});

describe('the broker\'s own topics', () => {
  it('are subscribed to only under a rule that names them, never under a catch-all', async () => {
    const { client: anonymous } = await raw.connect({});
    expect((await anonymous.subscribe('$SYS/#', { qos: 0 })).granted).toEqual([0x87]);
    await saveCredentials(api, { name: 'Monitor', value: { userName: 'monitor', authRules: { subAuthRulePatterns: ['.*', '\\$SYS/.*'] } } });
    await saveCredentials(api, { name: 'Greedy', value: { userName: 'greedy', authRules: { subAuthRulePatterns: ['.*'] } } });
    const { client: monitor } = await raw.connect({ username: 'monitor' });
    expect((await monitor.subscribe('$SYS/#', { qos: 0 })).granted).toEqual([0]);
    const { client: greedy } = await raw.connect({ username: 'greedy' });
    expect((await greedy.subscribe('$SYS/#', { qos: 0 })).granted).toEqual([0x87]);
    expect((await greedy.subscribe('plant/#', { qos: 0 }, 2)).granted).toEqual([0]);
  });
});

describe('one publish cannot freeze the node', () => {
  it('matches an administrator\'s catastrophic pattern against a long topic in linear time', async () => {
    // With a backtracking engine this pattern and a 43-byte topic took about 6 s; the topic below
    // would take longer than the test's time limit.
    const evil = 'devices/([a-z0-9]+-?)+/telemetry';
    await saveCredentials(api, { name: 'Telemetry', value: { userName: 'telemetry', authRules: { pubAuthRulePatterns: [evil], subAuthRulePatterns: ['.*'] } } });
    const { client: device } = await raw.connect({ username: 'telemetry' });
    const { client: watcher } = await raw.connect({ username: 'telemetry' });
    await watcher.subscribe('devices/#', { qos: 0 });
    device.publish(`devices/${'a1'.repeat(40)}!/telemetry`, 'stalls a backtracking engine', { qos: 1, messageId: 1 });
    expect(((await device.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    device.publish('devices/pump-7/telemetry', 'allowed', { qos: 0 });
    expect((await watcher.nextPublish()).payload.toString()).toBe('allowed');
  });

  it('refuses a pattern the linear engine cannot run, naming the field', async () => {
    const answer = await api.call<{ message: string; errorCode: number }>('POST', '/api/mqtt/client/credentials', {
      name: 'Backreference',
      clientType: 'DEVICE',
      credentialsType: 'MQTT_BASIC',
      credentialsValue: JSON.stringify({ userName: 'echo', authRules: { pubAuthRulePatterns: ['(a+)\\1'] } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('pubAuthRulePatterns[0]');
    expect(answer.body.message).toContain('linear time');
  });
});

describe('a refused CONNECT leaves the session it names alone (MQTT 5 sections 3.1.4, 3.1.3.2.2)', () => {
  const owner = { username: 'owner', password: Buffer.from('right') };
  /** A client whose will waits `willDelayInterval` seconds after its connection is lost. */
  const withDelayedWill = (clientId: string, willDelayInterval: number) => ({
    clientId,
    ...owner,
    properties: { sessionExpiryInterval: 300 },
    will: { topic: `status/${clientId}`, payload: Buffer.from(`${clientId} gone`), qos: 0 as const, retain: false, properties: { willDelayInterval } },
  });
  /** Clean Start with the victim's client id, each refused before the session is touched: a wrong password, a blocked username. */
  const attack = async (clientId: string) => {
    expect((await raw.connect({ clientId, clean: true, username: 'owner', password: Buffer.from('guess') })).connack.reasonCode).toBe(0x86);
    expect((await raw.connect({ clientId, clean: true, username: 'intruder', password: Buffer.from('right') })).connack.reasonCode).toBe(0x87);
  };
  const watch = async (clientId: string) => {
    const { client: watcher } = await raw.connect({ clientId: `${clientId}-watcher`, ...owner });
    await watcher.subscribe(`status/${clientId}`, { qos: 0 });
    return watcher;
  };
  const loseConnection = async (victim: { end(): void }, clientId: string) => {
    victim.end();
    await eventually(() => expect(suite.node.mqtt.sessions.get(clientId)?.connectionState).toBe('DISCONNECTED'));
  };

  beforeAll(async () => {
    await saveCredentials(api, { name: 'Owner', value: { userName: 'owner', password: 'right', authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } } });
    await saveCredentials(api, { name: 'Intruder', value: { userName: 'intruder', password: 'right', authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } } });
    expect((await api.call('POST', '/api/blockedClient', { type: 'USERNAME', username: 'intruder' })).status).toBe(200);
  });

  it('does not release a delayed will: the client returning within the delay still cancels it', async () => {
    // 8 s: room for the attack and the return (three password checks) on a busy machine.
    const delayMs = 8000;
    const watcher = await watch('will-victim');
    const { client: victim } = await raw.connect(withDelayedWill('will-victim', delayMs / 1000));
    await victim.subscribe('orders/will-victim', { qos: 1 });
    const lostAt = Date.now();
    await loseConnection(victim, 'will-victim');
    await attack('will-victim');
    const { connack } = await raw.connect({ ...withDelayedWill('will-victim', delayMs / 1000), clean: false, will: undefined });
    expect(connack.sessionPresent).toBe(true);
    expect(Date.now() - lostAt).toBeLessThan(delayMs);
    // Time is what this checks: past the will's delay from the connection's loss, and nothing came.
    expect(await watcher.collect('publish', lostAt + delayMs + 1000 - Date.now())).toEqual([]);
  });

  it('leaves a delayed will to go out when its delay has passed, not before', async () => {
    const watcher = await watch('late-will');
    const { client: victim } = await raw.connect(withDelayedWill('late-will', 4));
    const lostAt = Date.now();
    await loseConnection(victim, 'late-will');
    await attack('late-will');
    expect((await watcher.nextPublish()).payload.toString()).toBe('late-will gone');
    // Time is what this checks, one-sided: not before the will's 4 s, counted from before the connection was lost.
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual(4000 - 100);
  });

  it('leaves a connected client connected, its history without a takeover', async () => {
    const { client: victim } = await raw.connect({ clientId: 'connected-victim', ...owner });
    await attack('connected-victim');
    expect(await victim.settle('disconnect')).toEqual([]);
    victim.disconnect();
    await eventually(() => expect(suite.node.mqtt.events.forClient('connected-victim').at(-1)).toMatchObject({ type: 'DISCONNECTED', reason: 'Normal disconnection' }));
    expect(suite.node.mqtt.events.forClient('connected-victim').map((event) => event.type)).not.toContain('TAKEN_OVER');
  });
});

describe('a pattern\'s size cannot freeze the node (issue 26 N5)', () => {
  // Fifty counted alternatives with loops in 899 characters: before sizes were bounded, the broker
  // took it and one publish on a long topic held the node for seconds.
  const written = '(?:.*a|b.*){1,15}|'.repeat(50).slice(0, -1);
  // The same shape as large as the broker takes: loops that keep threads alive on every character.
  const largestTaken = '(?:.*a|b.*)'.repeat(8);

  beforeAll(async () => {
    await saveCredentials(api, { name: 'Bystander', value: { userName: 'bystander', authRules: { pubAuthRulePatterns: ['plant/.*'], subAuthRulePatterns: [] } } });
  });

  /** A QoS 1 publish's round trip, from sending to its PUBACK. */
  async function roundTrip(client: RawMqttClient, messageId: number): Promise<number> {
    const start = performance.now();
    client.publish('plant/ping', 'are you there', { qos: 1, messageId });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode).toBe(0);
    return performance.now() - start;
  }

  it('refuses it as a rule, naming the field', async () => {
    const answer = await api.call<{ message: string }>('POST', '/api/mqtt/client/credentials', {
      name: 'Written out',
      clientType: 'DEVICE',
      credentialsType: 'MQTT_BASIC',
      credentialsValue: JSON.stringify({ userName: 'written', authRules: { pubAuthRulePatterns: ['sensors/.*'], subAuthRulePatterns: ['.*', written] } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('subAuthRulePatterns[1]');
    expect(answer.body.message).toContain('at most 128');
  });

  it('refuses it as a blocked-client pattern, naming the field', async () => {
    const answer = await api.call<{ message: string }>('POST', '/api/blockedClient', { type: 'REGEX', pattern: written, regexMatchTarget: 'BY_CLIENT_ID' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('body.pattern');
    expect(answer.body.message).toContain('at most 128');
  });

  it('serves other clients while publishes on the longest topic run through the largest rule taken', async () => {
    await saveCredentials(api, { name: 'Costly', value: { userName: 'costly', authRules: { pubAuthRulePatterns: [largestTaken], subAuthRulePatterns: [] } } });
    const { client: attacker } = await raw.connect({ username: 'costly' });
    const { client: bystander } = await raw.connect({ username: 'bystander' });
    const baseline = await roundTrip(bystander, 1);
    // 4,000 bytes: within the node's default topic limit (STARLING_MAX_TOPIC_LENGTH 4096).
    const longest = 'c'.repeat(4000);
    for (let messageId = 1; messageId <= 5; messageId += 1) attacker.publish(longest, 'costly', { qos: 1, messageId });
    const during = await roundTrip(bystander, 2);
    // The rule ran (it allows no such topic), and the node answered the bystander meanwhile.
    for (let count = 0; count < 5; count += 1) expect(((await attacker.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    expect(during).toBeLessThan(1000 + 20 * baseline);
  });

  it('serves other clients while CONNECTs with the longest client id run through the largest blocked pattern taken', async () => {
    const saved = await api.call('POST', '/api/blockedClient', { type: 'REGEX', pattern: largestTaken, regexMatchTarget: 'BY_CLIENT_ID' });
    expect(saved.status).toBe(200);
    const { client: bystander } = await raw.connect({ username: 'bystander' });
    const baseline = await roundTrip(bystander, 1);
    // 256 characters: the node's default client id limit (STARLING_MAX_CLIENT_ID_LENGTH).
    const connects = Array.from({ length: 10 }, (_, index) => raw.connect({ clientId: `${index}`.padEnd(256, 'c'), username: 'bystander' }));
    const during = await roundTrip(bystander, 2);
    // The pattern ran against each id (none matches it) and let every client in.
    for (const { connack } of await Promise.all(connects)) expect(connack.reasonCode).toBe(0);
    expect(during).toBeLessThan(1000 + 20 * baseline);
  });
});
