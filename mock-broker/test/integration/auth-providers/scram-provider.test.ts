import type { IAuthPacket, IConnackPacket, IDisconnectPacket, IPubackPacket } from 'mqtt-packet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { MqttClients } from '../../support/mqtt/mqtt-clients.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { ScramClient, type ScramMechanism } from '../../support/mqtt/scram-client.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
let api: ApiClient;
let clients: MqttClients;
let scramProviderId: string;

const CONTINUE_AUTHENTICATION = 0x18;
const REAUTHENTICATE = 0x19;

interface Saved {
  id: string;
}

async function saveScram(name: string, userName: string, password: string, algorithm: 'SHA_256' | 'SHA_512', id?: string): Promise<Saved> {
  const answer = await api.call<Saved>('POST', '/api/mqtt/client/credentials', {
    ...(id ? { id } : {}),
    name,
    clientType: 'DEVICE',
    credentialsType: 'SCRAM',
    credentialsValue: JSON.stringify({ userName, password, algorithm, authRules: { pubAuthRulePatterns: [`scram/${userName}/.*`], subAuthRulePatterns: [`scram/${userName}/.*`] } }),
  });
  if (answer.status !== 200) throw new Error(`saving SCRAM credentials failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function setScramEnabled(enabled: boolean): Promise<void> {
  const answer = await api.call('POST', `/api/mqtt/auth/provider/${scramProviderId}/${enabled ? 'enable' : 'disable'}`);
  expect(answer.status).toBe(200);
}

/** A strict MQTT 5 client sending CONNECT with Authentication Method and the client-first message. */
async function begin(scram: ScramClient, clientId: string, method: string = scram.mechanism) {
  const client = await RawMqttClient.open({ port: suite.node.mqttPort, protocolVersion: 5 });
  client.send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clean: true, keepalive: 60, clientId, properties: { authenticationMethod: method, authenticationData: scram.first() } });
  return client;
}

/** The whole exchange over raw packets; answers the CONNACK. */
async function exchange(scram: ScramClient, clientId: string): Promise<{ client: RawMqttClient; connack: IConnackPacket }> {
  const client = await begin(scram, clientId);
  const challenge = (await client.next()) as IAuthPacket;
  expect(challenge.cmd).toBe('auth');
  expect(challenge.reasonCode).toBe(CONTINUE_AUTHENTICATION);
  expect(challenge.properties?.authenticationMethod).toBe(scram.mechanism);
  client.send({ cmd: 'auth', reasonCode: CONTINUE_AUTHENTICATION, properties: { authenticationMethod: scram.mechanism, authenticationData: scram.final(challenge.properties?.authenticationData as Buffer) } });
  return { client, connack: (await client.next('connack')) as IConnackPacket };
}

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  clients = new MqttClients(suite.node);
  scramProviderId = (await api.call<{ id: string }>('GET', '/api/mqtt/auth/provider/type/SCRAM')).body.id;
  await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' });
  await saveScram('sha256 device', 'sensor-256', 'correct horse 256', 'SHA_256');
  await saveScram('sha512 device', 'sensor-512', 'correct horse 512', 'SHA_512');
  await setScramEnabled(true);
});

afterEach(async () => {
  await clients.closeAll();
});

afterAll(async () => {
  await clients.closeAll();
});

describe('SCRAM over MQTT 5 enhanced authentication (section 4.12, RFC 5802/7677)', () => {
  it.each<[ScramMechanism, string, string]>([
    ['SCRAM-SHA-256', 'sensor-256', 'correct horse 256'],
    ['SCRAM-SHA-512', 'sensor-512', 'correct horse 512'],
  ])('lets an mqtt.js client doing %s in: its CONNACK carries the server signature, and the credentials rules apply', async (mechanism, userName, password) => {
    const scram = new ScramClient(mechanism, userName, password);
    const client = clients.open({ protocolVersion: 5, clientId: `mqttjs-${userName}`, properties: { authenticationMethod: mechanism, authenticationData: scram.first() } });
    client.handleAuth = (packet, callback) => {
      const data = packet.properties?.authenticationData as Buffer;
      callback(undefined, { cmd: 'auth', reasonCode: CONTINUE_AUTHENTICATION, properties: { authenticationMethod: mechanism, authenticationData: scram.final(data) } });
    };
    const connack = await new Promise<IConnackPacket>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('error', reject);
    });
    expect(connack.reasonCode ?? 0).toBe(0);
    // Section 4.12: the exchange ends with the CONNACK; SCRAM's server-final message proves the broker knew the key.
    expect(connack.properties?.authenticationMethod).toBe(mechanism);
    expect(scram.verifies(connack.properties?.authenticationData)).toBe(true);
    await expect(client.publishAsync(`scram/${userName}/temp`, '21', { qos: 1 })).resolves.toBeDefined();
    await expect(client.publishAsync('elsewhere/temp', '21', { qos: 1 })).rejects.toThrow();
    const unauthorized = await api.call<{ data: unknown[] }>('GET', `/api/unauthorized/client/v2?pageSize=10&page=0&clientId=mqttjs-${userName}`);
    expect(unauthorized.body.data).toEqual([]);
  });

  it('refuses a wrong password with CONNACK 0x87 Not authorized after the challenge, and records why', async () => {
    const { client, connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'wrong password'), 'scram-wrong');
    expect(connack.reasonCode).toBe(0x87);
    expect(await client.waitClosed()).toBe(true);
    await eventually(async () => {
      const refused = await api.call<{ data: { reason: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=scram-wrong');
      expect(refused.body.data[0]?.reason).toContain('SCRAM');
    });
  });

  it('answers an unknown user with a challenge like a known one (salt, 4096 iterations), then 0x87', async () => {
    const known = await begin(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'x'), 'scram-known');
    const unknown = await begin(new ScramClient('SCRAM-SHA-256', 'nobody-here', 'x'), 'scram-unknown');
    const shapeOf = async (client: RawMqttClient) => {
      const text = ((await client.next('auth')) as IAuthPacket).properties?.authenticationData?.toString('utf8') ?? '';
      const fields = new Map(text.split(',').map((part) => [part.slice(0, 1), part.slice(2)] as const));
      return { saltBytes: Buffer.from(fields.get('s') ?? '', 'base64').byteLength, iterations: fields.get('i') };
    };
    const knownShape = await shapeOf(known);
    expect(knownShape).toEqual({ saltBytes: 16, iterations: '4096' });
    expect(await shapeOf(unknown)).toEqual(knownShape);
    known.end();
    unknown.end();
    const { connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'nobody-here', 'x'), 'scram-unknown-2');
    expect(connack.reasonCode).toBe(0x87);
  });

  it('refuses the other hash than the credentials were made with (0x87), and a method it does not know with 0x8C', async () => {
    const { connack } = await exchange(new ScramClient('SCRAM-SHA-512', 'sensor-256', 'correct horse 256'), 'scram-other-hash');
    expect(connack.reasonCode).toBe(0x87);
    const plain = await begin(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'x'), 'scram-plain', 'PLAIN');
    expect(((await plain.next('connack')) as IConnackPacket).reasonCode).toBe(0x8c);
  });

  it('refuses SCRAM with 0x8C Bad authentication method while the provider is disabled, and takes it again once enabled', async () => {
    await setScramEnabled(false);
    try {
      const client = await begin(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'scram-disabled');
      expect(((await client.next('connack')) as IConnackPacket).reasonCode).toBe(0x8c);
    } finally {
      await setScramEnabled(true);
    }
    const { connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'scram-enabled-again');
    expect(connack.reasonCode).toBe(0);
  });

  it('[MQTT-3.1.2-30] a packet other than AUTH during the exchange is a Protocol Error: CONNACK 0x82', async () => {
    const client = await begin(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'scram-pipelined');
    await client.next('auth');
    client.send({ cmd: 'pingreq' });
    expect(((await client.next('connack')) as IConnackPacket).reasonCode).toBe(0x82);
  });

  it('closes a client that never answers the challenge once the connect timeout has passed, without a CONNACK', async () => {
    const broker = suite.node.mqtt.broker as typeof suite.node.mqtt.broker & { connectTimeout: number };
    const configured = broker.connectTimeout;
    broker.connectTimeout = 200;
    try {
      const client = await begin(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'scram-silent');
      await client.next('auth');
      expect(await client.waitClosed()).toBe(true);
      expect(client.received.filter((packet) => packet.cmd === 'connack')).toEqual([]);
    } finally {
      broker.connectTimeout = configured;
    }
  });

  it('an AUTH naming another method than the CONNECT is a Protocol Error: CONNACK 0x82', async () => {
    const scram = new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256');
    const client = await begin(scram, 'scram-switch');
    const challenge = (await client.next('auth')) as IAuthPacket;
    client.send({ cmd: 'auth', reasonCode: CONTINUE_AUTHENTICATION, properties: { authenticationMethod: 'SCRAM-SHA-512', authenticationData: scram.final(challenge.properties?.authenticationData as Buffer) } });
    expect(((await client.next('connack')) as IConnackPacket).reasonCode).toBe(0x82);
  });

  it('a connected client re-authenticates (section 4.12.1): AUTH 0x19, challenge, AUTH 0x00 with the server signature; a wrong proof gets DISCONNECT 0x87', async () => {
    const { client, connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'scram-reauth');
    expect(connack.reasonCode).toBe(0);
    const reauthenticate = async (scram: ScramClient) => {
      client.send({ cmd: 'auth', reasonCode: REAUTHENTICATE, properties: { authenticationMethod: scram.mechanism, authenticationData: scram.first() } });
      const challenge = (await client.next('auth')) as IAuthPacket;
      expect(challenge.reasonCode).toBe(CONTINUE_AUTHENTICATION);
      client.send({ cmd: 'auth', reasonCode: CONTINUE_AUTHENTICATION, properties: { authenticationMethod: scram.mechanism, authenticationData: scram.final(challenge.properties?.authenticationData as Buffer) } });
    };
    const again = new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256');
    await reauthenticate(again);
    const success = (await client.next('auth')) as IAuthPacket;
    expect(success.reasonCode).toBe(0);
    expect(again.verifies(success.properties?.authenticationData)).toBe(true);
    // Still connected and still under the credentials' rules.
    client.publish('scram/sensor-256/after', '1', { qos: 1, messageId: 7 });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode ?? 0).toBe(0);
    await reauthenticate(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'not the password'));
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x87);
    expect(await client.waitClosed()).toBe(true);
  });

  it('a new password saved through the API drops the connected SCRAM client (DISCONNECT 0x98), and only the new one gets in', async () => {
    const saved = await saveScram('rotating device', 'rotating', 'first password', 'SHA_256');
    const { client, connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'rotating', 'first password'), 'scram-rotating');
    expect(connack.reasonCode).toBe(0);
    await saveScram('rotating device', 'rotating', 'second password', 'SHA_256', saved.id);
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x98);
    expect((await exchange(new ScramClient('SCRAM-SHA-256', 'rotating', 'first password'), 'scram-rotating')).connack.reasonCode).toBe(0x87);
    expect((await exchange(new ScramClient('SCRAM-SHA-256', 'rotating', 'second password'), 'scram-rotating')).connack.reasonCode).toBe(0);
  });

  it('the access simulator answers for a SCRAM client: the provider, the credentials and the rule; a wrong password at CONNECT', async () => {
    const simulate = async (request: Record<string, unknown>) =>
      (await api.call<Record<string, unknown>>('POST', '/api/mqtt/accessSimulation', { clientId: 'sim', topic: 'scram/sensor-512/temp', action: 'PUBLISH', ...request })).body;
    expect(await simulate({ username: 'sensor-512', password: 'correct horse 512', authenticationMethod: 'SCRAM-SHA-512' })).toMatchObject({
      allowed: true,
      stage: 'AUTHORIZATION',
      authProvider: 'SCRAM',
      credentialsType: 'SCRAM',
      credentialsName: 'sha512 device',
      passwordChecked: true,
      rulePattern: 'scram/sensor-512/.*',
    });
    expect(await simulate({ username: 'sensor-512', password: 'wrong', authenticationMethod: 'SCRAM-SHA-512' })).toMatchObject({ allowed: false, stage: 'CONNECT', passwordChecked: true });
    // The other hash, and a plain CONNECT with the same username and password: SCRAM credentials take in neither.
    expect(await simulate({ username: 'sensor-512', password: 'correct horse 512', authenticationMethod: 'SCRAM-SHA-256' })).toMatchObject({ allowed: false, stage: 'CONNECT' });
    expect(await simulate({ username: 'sensor-512', password: 'correct horse 512' })).toMatchObject({ allowed: false, stage: 'CONNECT' });
  });

  it('counts wrong proofs against the SCRAM username: after 5, even the right password is refused at once (0x87, no challenge)', async () => {
    await saveScram('guessed device', 'guessed', 'the real one', 'SHA_256');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { connack } = await exchange(new ScramClient('SCRAM-SHA-256', 'guessed', `guess ${attempt}`), `guess-${attempt}`);
      expect(connack.reasonCode).toBe(0x87);
    }
    const client = await begin(new ScramClient('SCRAM-SHA-256', 'guessed', 'the real one'), 'guess-right');
    const first = await client.next();
    expect(first.cmd).toBe('connack');
    expect((first as IConnackPacket).reasonCode).toBe(0x87);
    await eventually(async () => {
      const refused = await api.call<{ data: { reason: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=guess-right');
      expect(refused.body.data[0]?.reason).toContain('Too many failed passwords');
    });
    // Another SCRAM user from the same address is not locked out by these.
    expect((await exchange(new ScramClient('SCRAM-SHA-256', 'sensor-256', 'correct horse 256'), 'after-guesses')).connack.reasonCode).toBe(0);
  });
});
