import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { AccessControl } from '../../../src/mqtt/access-control.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

/** A small rule set standing in for the credentials feature: the hooks must carry its decisions to clients. */
const rules: AccessControl = {
  async authenticate(attempt) {
    if (attempt.username === 'app' && attempt.password?.toString() === 'secret') return { allowed: true, clientType: 'APPLICATION' };
    if (attempt.username === undefined) return { allowed: true, clientType: 'DEVICE' };
    return { allowed: false, reason: 'Bad username or password', returnCode: 4 };
  },
  mayPublish: (_clientId, topic) => !topic.startsWith('forbidden/'),
  maySubscribe: (_clientId, topicFilter) => !topicFilter.startsWith('forbidden/') && topicFilter !== '$share/closed/jobs',
};

const suite = useBrokerSuite({}, { accessControl: rules });

describe('access control hooks', () => {
  it.each([
    [4, 'Connection refused: Bad username or password'],
    [5, 'Bad User Name or Password'],
  ] as const)('refuses a wrong password (MQTT version %i) and logs why', async (protocolVersion, message) => {
    const attempt = mqtt.connectAsync(`mqtt://127.0.0.1:${suite.node.mqttPort}`, {
      protocolVersion,
      clientId: `intruder-${protocolVersion}`,
      username: 'app',
      password: 'guess',
      reconnectPeriod: 0,
    });
    await expect(attempt).rejects.toThrow(message);
    expect(suite.node.mqtt.events.forClient(`intruder-${protocolVersion}`)).toEqual([
      expect.objectContaining({ type: 'AUTHENTICATION_FAILED', reason: 'Bad username or password', address: '127.0.0.1' }),
    ]);
  });

  it('gives an accepted client the type its credentials decide', async () => {
    await suite.clients.connect({ protocolVersion: 5, clientId: 'typed-app', username: 'app', password: 'secret' });
    await eventually(() => expect(suite.node.mqtt.sessions.get('typed-app')?.clientType).toBe('APPLICATION'));
  });

  it('refuses subscriptions outside the rules: 0x87 for MQTT 5, 0x80 for MQTT 3.1.1', async () => {
    // mqtt.js rejects a SUBSCRIBE whose SUBACK carries a failure code; the code is on the packet.
    const reasonCodes = (client: MqttClient, topic: string) =>
      client.subscribeAsync(topic).then(
        () => 'granted',
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
      );
    const v5 = await suite.clients.connect({ protocolVersion: 5 });
    expect(await reasonCodes(v5, 'forbidden/#')).toEqual([0x87]);
    expect(await reasonCodes(v5, '$share/closed/jobs')).toEqual([0x87]);
    expect(await reasonCodes(v5, 'open/#')).toBe('granted');
    const v311 = await suite.clients.connect({ protocolVersion: 4 });
    expect(await reasonCodes(v311, 'forbidden/#')).toEqual([0x80]);
  });

  it('does not deliver a publish outside the rules', async () => {
    const subscriber = await suite.clients.connect({ protocolVersion: 5 });
    await subscriber.subscribeAsync('#');
    const received = inbox(subscriber);
    const publisher = await suite.clients.connect({ protocolVersion: 5 });
    await publisher.publishAsync('forbidden/switch', 'off', { qos: 1 }).catch(() => undefined);
    await publisher.publishAsync('allowed/switch', 'on', { qos: 1 }).catch(() => undefined);
    expect((await received.next()).topic).toBe('allowed/switch');
  });

  it.each([
    [4, 'Connection refused: Not authorized'],
    [5, 'Not authorized'],
  ] as const)('refuses at CONNECT a will the rules would not let it publish (MQTT version %i)', async (protocolVersion, message) => {
    const attempt = mqtt.connectAsync(`mqtt://127.0.0.1:${suite.node.mqttPort}`, {
      protocolVersion,
      clientId: `bad-will-${protocolVersion}`,
      will: { topic: 'forbidden/last-words', payload: Buffer.from('bye'), qos: 0, retain: false },
      reconnectPeriod: 0,
    });
    await expect(attempt).rejects.toThrow(message);
    expect(suite.node.mqtt.events.forClient(`bad-will-${protocolVersion}`)).toEqual([
      expect.objectContaining({ type: 'AUTHENTICATION_FAILED', reason: 'Not authorized to publish the will to forbidden/last-words' }),
    ]);
    const allowed = await suite.clients.connect({ protocolVersion, will: { topic: 'allowed/last-words', payload: Buffer.from('bye'), qos: 0, retain: false } });
    expect(allowed.connected).toBe(true);
  });
});
