import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IConnackPacket, IDisconnectPacket, IPubackPacket } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { publicJwk, publicPem, seconds, signJwt } from '../../support/outside-services/jwt-tokens.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
let api: ApiClient;
const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
const inSeconds = (delta: number) => seconds(Date.now()) + delta;
const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const ecKeys = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });

interface Provider {
  id: string;
  type: string;
  enabled: boolean;
  configuration: Record<string, unknown>;
}

let jwtDefaults: Provider;

/** Saves and enables the JWT provider with this configuration over the defaults. */
async function useJwt(configuration: Record<string, unknown>): Promise<void> {
  const answer = await api.call('POST', '/api/mqtt/auth/provider', { ...jwtDefaults, enabled: true, configuration: { ...jwtDefaults.configuration, ...configuration } });
  if (answer.status !== 200) throw new Error(`saving the JWT provider failed: ${JSON.stringify(answer.body)}`);
}

const hmac = { jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: SECRET } } };

/** A device that signs in with its id as username and a token as password. */
async function connect(clientId: string, token: string, username = clientId): Promise<{ client: RawMqttClient; connack: IConnackPacket }> {
  return RawMqttClient.connect({ port: suite.node.mqttPort, protocolVersion: 5 }, { clientId, username, password: Buffer.from(token) });
}

async function reasonCodeOf(clientId: string, token: string, username = clientId): Promise<number | undefined> {
  const { client, connack } = await connect(clientId, token, username);
  client.end();
  return connack.reasonCode;
}

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  jwtDefaults = (await api.call<Provider>('GET', '/api/mqtt/auth/provider/type/JWT')).body;
  // Clients need a provider's word: no anonymous way in.
  await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' });
});

describe('JWT in the CONNECT password (MQTT 5 section 3.1.3.5: the password may carry any credential)', () => {
  it('lets in a client whose token the HMAC secret signed, and refuses a forged or expired one with 0x86 Bad User Name or Password', async () => {
    await useJwt(hmac);
    expect(await reasonCodeOf('hmac-ok', signJwt({ sub: 'hmac-ok', exp: inSeconds(600) }, 'HS256', SECRET))).toBe(0);
    expect(await reasonCodeOf('hmac-forged', signJwt({ sub: 'x', exp: inSeconds(600) }, 'HS256', 'another-secret-of-at-least-32-bytes!!'))).toBe(0x86);
    expect(await reasonCodeOf('hmac-expired', signJwt({ sub: 'x', exp: inSeconds(-60) }, 'HS256', SECRET))).toBe(0x86);
    const refused = await api.call<{ data: { reason: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=hmac-expired');
    expect(refused.body.data[0]?.reason).toContain('JWT');
  });

  it('gives the client type and the topic rules the claims say: PUBLISH outside them gets PUBACK 0x87, SUBSCRIBE SUBACK 0x87', async () => {
    await useJwt({ ...hmac, clientTypeClaims: { role: 'backend' }, pubAuthRuleClaim: 'pub', subAuthRuleClaim: 'sub', authClaims: { device: '${clientId}' } });
    const claims = { device: 'claims-1', role: 'backend', pub: ['plants/1/.*'], sub: ['commands/1'], exp: inSeconds(600) };
    const { client, connack } = await connect('claims-1', signJwt(claims, 'HS256', SECRET));
    expect(connack.reasonCode).toBe(0);
    await eventually(() => expect(suite.node.mqtt.sessions.get('claims-1')?.clientType).toBe('APPLICATION'));
    client.publish('plants/1/temp', '21', { qos: 1, messageId: 1 });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode ?? 0).toBe(0);
    client.publish('plants/2/temp', '21', { qos: 1, messageId: 2 });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    expect((await client.subscribe('commands/1', { qos: 1 }, 3)).granted).toEqual([1]);
    expect((await client.subscribe('commands/2', { qos: 1 }, 4)).granted).toEqual([0x87]);
    client.end();
    // authClaims: the device claim must name the connecting client id.
    expect(await reasonCodeOf('claims-2', signJwt(claims, 'HS256', SECRET))).toBe(0x86);
  });

  it('closes the connection when the token expires: DISCONNECT 0xA0 Maximum connect time (section 3.14.2.1)', async () => {
    await useJwt(hmac);
    const { client, connack } = await connect('expiring', signJwt({ exp: inSeconds(2) }, 'HS256', SECRET));
    expect(connack.reasonCode).toBe(0);
    const disconnect = (await client.next('disconnect')) as IDisconnectPacket;
    expect(disconnect.reasonCode).toBe(0xa0);
    expect(await client.waitClosed()).toBe(true);
  });

  it('verifies RS256 and ES256 tokens with a PEM public key', async () => {
    for (const [alg, keys] of [
      ['RS256', rsaKeys()],
      ['ES256', ecKeys()],
    ] as const) {
      const publicPemKey = publicPem(keys.privateKey);
      await useJwt({ jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'PEM_KEY', publicPemKeyFileName: 'issuer.pem', publicPemKey } } });
      expect(await reasonCodeOf(`pem-${alg}`, signJwt({ exp: inSeconds(600) }, alg, keys.privateKey))).toBe(0);
      // An HS256 token made with the public key as its secret (the classic confusion) is refused.
      expect(await reasonCodeOf(`pem-${alg}-confused`, signJwt({ exp: inSeconds(600) }, 'HS256', publicPemKey))).toBe(0x86);
    }
  });

  it('names the JWT provider in the access simulator, and checks a token from the console without connecting', async () => {
    await useJwt(hmac);
    const token = signJwt({ exp: inSeconds(600) }, 'HS256', SECRET);
    const simulated = await api.call<{ allowed: boolean; authProvider?: string; passwordChecked: boolean }>('POST', '/api/mqtt/accessSimulation', {
      clientId: 'sim-1',
      password: token,
      topic: 'any/topic',
      action: 'PUBLISH',
    });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    expect(simulated.body).toMatchObject({ allowed: true, authProvider: 'JWT', passwordChecked: true });
    const checked = await api.call<{ allowed: boolean; clientType?: string; expiresAt?: number; reason: string }>('POST', '/api/mqtt/auth/provider/jwt/check', {
      configuration: { ...jwtDefaults.configuration, ...hmac },
      token,
      clientId: 'sim-1',
    });
    expect(checked.body).toMatchObject({ allowed: true, clientType: 'DEVICE', expiresAt: expect.any(Number) });
    const wrong = await api.call<{ allowed: boolean; reason: string }>('POST', '/api/mqtt/auth/provider/jwt/check', {
      configuration: { ...jwtDefaults.configuration, ...hmac },
      token: signJwt({ exp: inSeconds(-5) }, 'HS256', SECRET),
    });
    expect(wrong.body.allowed).toBe(false);
    expect(wrong.body.reason).toMatch(/expired/i);
  });
});

describe('JWT beside anonymous access', () => {
  it('refuses a client that sent a bad token even while anonymous access is open, and lets one without a token in anonymously', async () => {
    await useJwt(hmac);
    await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'ALLOWED' });
    try {
      expect(await reasonCodeOf('anon-bad-token', signJwt({ exp: inSeconds(-60) }, 'HS256', SECRET))).toBe(0x86);
      expect(await reasonCodeOf('anon-plain', 'not-a-token')).toBe(0);
    } finally {
      await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' });
    }
  });
});

describe('JWT with keys from a JWKS endpoint', () => {
  const keys = rsaKeys();
  let requests = 0;
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    const jwk = publicJwk(keys.privateKey, { kid: 'key-1', alg: 'RS256' });
    server = http.createServer((_request, response) => {
      requests += 1;
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches the key set once and lets in clients whose token names a key in it', async () => {
    await useJwt({ jwtVerifierConfiguration: { jwtVerifierType: 'JWKS', endpoint: url, refreshInterval: 300 } });
    for (const clientId of ['jwks-1', 'jwks-2']) {
      expect(await reasonCodeOf(clientId, signJwt({ exp: inSeconds(600) }, 'RS256', keys.privateKey, { kid: 'key-1' }))).toBe(0);
    }
    expect(requests).toBe(1);
    const stranger = rsaKeys();
    expect(await reasonCodeOf('jwks-3', signJwt({ exp: inSeconds(600) }, 'RS256', stranger.privateKey, { kid: 'key-1' }))).toBe(0x86);
  });
});
