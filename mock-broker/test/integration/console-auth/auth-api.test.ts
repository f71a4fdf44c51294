import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { MqttClients } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ accessTokenSeconds: 2 });
});

afterAll(async () => {
  await node.destroy();
});

interface ErrorBody {
  status: number;
  message: string;
  errorCode: number;
  timestamp: number;
}

describe('sign-in and the signed-in user', () => {
  it('signs the default administrator in and answers its details', async () => {
    const api = new ApiClient(node.baseUrl);
    const before = Date.now();
    await api.signIn();
    const user = await api.call<{ email: string; authority: string; firstName: string | null; additionalInfo: Record<string, unknown> }>('GET', '/api/auth/user');
    expect(user.status).toBe(200);
    // TBMQ's shape: names null when unset, the sign-in time and whether the password was changed;
    // the password history itself stays on the server.
    expect(user.body).toMatchObject({ email: 'sysadmin@starling.local', authority: 'SYS_ADMIN', firstName: null, lastName: null });
    expect(user.body.additionalInfo).toMatchObject({ isPasswordChanged: true, lastLoginTs: expect.any(Number) });
    expect(user.body.additionalInfo.lastLoginTs).toBeGreaterThanOrEqual(before);
    expect(user.body.additionalInfo).not.toHaveProperty('userPasswordHistory');
  });

  it('refuses a wrong password with code 10 and no token', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('POST', '/api/auth/login', {
      username: 'sysadmin@starling.local',
      password: 'wrong',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 401, errorCode: 10, message: 'Invalid username or password' });
  });

  it('names the missing field when the sign-in body is incomplete', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('POST', '/api/auth/login', { username: 'sysadmin@starling.local' });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(31);
    expect(answer.body.message).toContain('body.password is required');
  });

  it('answers a body that is not JSON with a 400 in the error shape', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('POST', '/api/auth/login', '{"username":');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('not valid JSON');
  });

  it('asks for a token on protected calls', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('GET', '/api/system/info');
    expect(answer.status).toBe(401);
    expect(answer.body.errorCode).toBe(10);
  });

  it('answers an expired access token with code 11 and renews the pair with the refresh token', async () => {
    const api = new ApiClient(node.baseUrl);
    const { refreshToken } = await api.signIn();
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await api.call<ErrorBody>('GET', '/api/auth/user');
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe(11);

    const renewed = await api.call<{ token: string }>('POST', '/api/auth/token', { refreshToken });
    expect(renewed.status).toBe(200);
    api.token = renewed.body.token;
    expect((await api.call('GET', '/api/auth/user')).status).toBe(200);
  });

  it('rotates refresh tokens: each renews the pair once, the new one renews again, a reused one is refused', async () => {
    const api = new ApiClient(node.baseUrl);
    const { refreshToken } = await api.signIn();
    const first = await api.call<{ refreshToken: string }>('POST', '/api/auth/token', { refreshToken });
    expect(first.status).toBe(200);
    expect((await api.call('POST', '/api/auth/token', { refreshToken: first.body.refreshToken })).status).toBe(200);
    const reused = await api.call<ErrorBody>('POST', '/api/auth/token', { refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toContain('already used');
  });

  it('does not accept a refresh token in place of an access token', async () => {
    const api = new ApiClient(node.baseUrl);
    const { refreshToken } = await api.signIn();
    api.token = refreshToken;
    expect((await api.call('GET', '/api/auth/user')).status).toBe(401);
  });

  it('answers the broker version and node facts', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    expect((await api.call('GET', '/api/system/info')).body).toEqual({ version: '1.3.0', name: 'Starling', artifact: 'starling-broker', newestVersion: 'unknown' });
    expect((await api.call('GET', '/api/app/brokers')).body).toEqual([node.config.nodeId]);
    const config = await api.call<Record<string, unknown>>('GET', '/api/app/config');
    // TBMQ 2.3's home page configuration: the TLS ports as configured while their listeners are off.
    expect(config.body).toMatchObject({
      tcpPort: node.mqttPort,
      wsPort: node.wsPort,
      tlsPort: node.config.mqttsPort,
      tlsListenerEnabled: false,
      wssPort: node.config.wssPort,
      wssListenerEnabled: false,
      tcpMaxPayloadSize: node.config.maxPacketSize,
      scramAuthEnabled: false,
      jwtAuthEnabled: false,
      httpAuthEnabled: false,
      allowKafkaTopicDeletion: false,
      statsCollectionIntervalSeconds: node.config.sampleIntervalSeconds,
    });
    expect((await api.call('GET', '/api/dashboard/maxDatapointsLimit')).body).toBe(100_000);
  });

  it('answers the rate of messages the node takes in and delivers', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const clients = new MqttClients(node);
    try {
      const subscriber = await clients.connect();
      await subscriber.subscribeAsync('rate/#');
      const publisher = await clients.connect();
      for (let i = 0; i < 100; i += 1) await publisher.publishAsync(`rate/${i}`, 'x', { qos: 1 });
      await eventually(async () => {
        const rate = await api.call<{ incomingPerSecond: number; outgoingPerSecond: number; windowMs: number }>('GET', '/api/app/message-rate');
        expect(rate.body.windowMs).toBeGreaterThan(0);
        expect(rate.body.incomingPerSecond).toBeGreaterThan(0);
        expect(rate.body.outgoingPerSecond).toBeGreaterThan(0);
      }, { interval: 250 });
    } finally {
      await clients.closeAll();
    }
  });

  it('answers unknown API paths with 404 in the error shape, not the console page', async () => {
    const answer = await new ApiClient(node.baseUrl).call<ErrorBody>('GET', '/api/no/such/thing');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe(32);
  });
});
