import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IPubackPacket } from 'mqtt-packet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
let api: ApiClient;

interface Provider {
  id: string;
  type: string;
  enabled: boolean;
  configuration: Record<string, unknown>;
}

/** What the outside service was asked: method, query and the JSON body it got. */
interface Asked {
  method: string;
  query: URLSearchParams;
  body: Record<string, string>;
}

/** A local auth service: it answers by username, and a username "hang" is never answered. */
const asked: Asked[] = [];
const answers: Record<string, { status: number; body?: unknown }> = {
  'dev-ok': { status: 200 },
  'app-user': { status: 200, body: { clientType: 'APPLICATION', authRules: { pubAuthRulePatterns: ['apps/.*'], subAuthRulePatterns: [] } } },
  denied: { status: 200, body: { result: 'FAILURE' } },
  'skip-me': { status: 200, body: { result: 'SKIPPED' } },
  quoted: { status: 200 },
  broken: { status: 503 },
};
/** Sends the broker elsewhere: a redirect the broker must not follow. */
const REDIRECTED = 'moved';
let service: http.Server;
let serviceUrl = '';
let httpDefaults: Provider;

async function useHttp(configuration: Record<string, unknown>): Promise<void> {
  const answer = await api.call('POST', '/api/mqtt/auth/provider', { ...httpDefaults, enabled: true, configuration: { ...httpDefaults.configuration, restEndpointUrl: serviceUrl, ...configuration } });
  if (answer.status !== 200) throw new Error(`saving the HTTP provider failed: ${JSON.stringify(answer.body)}`);
}

async function setOrder(priorities: string[]): Promise<void> {
  await api.call('POST', '/api/admin/settings', { key: 'mqttAuthorization', jsonValue: { priorities } });
}

async function connect(clientId: string, username: string, password: string) {
  return RawMqttClient.connect({ port: suite.node.mqttPort, protocolVersion: 5 }, { clientId, username, password: Buffer.from(password) });
}

async function reasonCodeOf(clientId: string, username: string, password = 'pw'): Promise<number | undefined> {
  const { client, connack } = await connect(clientId, username, password);
  client.end();
  return connack.reasonCode;
}

beforeAll(async () => {
  service = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://service');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = (text ? JSON.parse(text) : Object.fromEntries(url.searchParams)) as Record<string, string>;
      asked.push({ method: request.method ?? '', query: url.searchParams, body });
      if (request.method === 'HEAD') return response.end();
      if (body.username === 'hang') return;
      if (body.username === REDIRECTED) {
        response.writeHead(307, { Location: `${url.pathname}?followed=1` });
        return response.end();
      }
      const answer = answers[body.username ?? ''] ?? { status: 200, body: { result: 'FAILURE' } };
      response.statusCode = answer.status;
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/auth`;
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  httpDefaults = (await api.call<Provider>('GET', '/api/mqtt/auth/provider/type/HTTP')).body;
  await api.call('POST', '/api/mqtt/anonymousAccess', { mode: 'REFUSED' });
});

afterAll(() => {
  service.closeAllConnections();
  return new Promise<void>((resolve) => service.close(() => resolve()));
});

beforeEach(() => {
  asked.length = 0;
});

describe('the HTTP provider asks an outside service', () => {
  it('lets in whom the service lets in, with the client type and rules it answers (PUBLISH outside them: PUBACK 0x87)', async () => {
    await useHttp({});
    expect(await reasonCodeOf('http-dev', 'dev-ok')).toBe(0);
    expect(asked[0]?.body).toEqual({ clientId: 'http-dev', username: 'dev-ok', password: 'pw' });
    const { client, connack } = await connect('http-app', 'app-user', 'pw');
    expect(connack.reasonCode).toBe(0);
    await eventually(() => expect(suite.node.mqtt.sessions.get('http-app')?.clientType).toBe('APPLICATION'));
    client.publish('apps/1', 'x', { qos: 1, messageId: 1 });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode ?? 0).toBe(0);
    client.publish('devices/1', 'x', { qos: 1, messageId: 2 });
    expect(((await client.next('puback')) as IPubackPacket).reasonCode).toBe(0x87);
    client.end();
  });

  it('writes what the client sent into the body as JSON text: a quote in a password cannot add a field', async () => {
    await useHttp({});
    const password = 'pw", "username": "dev-ok';
    expect(await reasonCodeOf('http-quoted', 'quoted', password)).toBe(0);
    expect(asked[0]?.body).toEqual({ clientId: 'http-quoted', username: 'quoted', password });
  });

  it("ends the question on the service's FAILURE, even before credentials that would match; SKIPPED hands the client on", async () => {
    await saveCredentials(api, { name: 'Denied by password', value: { userName: 'denied', password: 'pw' } });
    await saveCredentials(api, { name: 'Skipped by service', value: { userName: 'skip-me', password: 'pw' } });
    await setOrder(['HTTP', 'X_509', 'MQTT_BASIC', 'JWT']);
    try {
      await useHttp({});
      expect(await reasonCodeOf('http-denied', 'denied')).toBe(0x86);
      expect(await reasonCodeOf('http-skip', 'skip-me')).toBe(0);
    } finally {
      await setOrder(['X_509', 'MQTT_BASIC', 'JWT', 'HTTP']);
    }
  });

  it('does not follow a redirect: the client is handed on (here: refused), the service asked once', async () => {
    await useHttp({});
    expect(await reasonCodeOf('http-moved', REDIRECTED)).toBe(0x86);
    expect(asked).toHaveLength(1);
  });

  it('sends GET with the body template as query parameters', async () => {
    await useHttp({ requestMethod: 'GET' });
    expect(await reasonCodeOf('http-get', 'dev-ok')).toBe(0);
    expect(asked[0]?.method).toBe('GET');
    expect(asked[0]?.query.get('clientId')).toBe('http-get');
  });

  it('keeps an answer for cacheTtlSeconds: the same client again does not ask the service', async () => {
    await useHttp({ cacheTtlSeconds: 60 });
    expect(await reasonCodeOf('http-cached', 'dev-ok')).toBe(0);
    expect(await reasonCodeOf('http-cached', 'dev-ok')).toBe(0);
    expect(asked).toHaveLength(1);
    // Another password is another question.
    expect(await reasonCodeOf('http-cached', 'dev-ok', 'other')).toBe(0);
    expect(asked).toHaveLength(2);
  });

  it('applies the fallback while the service is down (5xx, no answer within readTimeoutMs): SKIP refuses here, ALLOW lets in with the defaults', async () => {
    await useHttp({ fallback: 'SKIP' });
    expect(await reasonCodeOf('http-broken-skip', 'broken')).toBe(0x86);
    const refused = await api.call<{ data: { reason: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=http-broken-skip');
    expect(refused.body.data[0]?.reason).toContain('HTTP: HTTP service unavailable (the HTTP service answered 503)');
    await useHttp({ fallback: 'ALLOW' });
    expect(await reasonCodeOf('http-broken-allow', 'broken')).toBe(0);
    await useHttp({ fallback: 'REFUSE', readTimeoutMs: 300 });
    expect(await reasonCodeOf('http-hang', 'hang')).toBe(0x86);
    expect((await api.call<{ data: { reason: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=http-hang')).body.data[0]?.reason).toMatch(/unavailable/);
  });

  it('checks that the service answers, as TBMQ does (HEAD), and says why when it does not', async () => {
    const live = await api.call('POST', '/api/mqtt/auth/provider/http/check', { ...httpDefaults, configuration: { ...httpDefaults.configuration, restEndpointUrl: serviceUrl } });
    expect(live.status).toBe(200);
    expect(asked.at(-1)?.method).toBe('HEAD');
    const dead = await api.call<{ message: string }>('POST', '/api/mqtt/auth/provider/http/check', {
      ...httpDefaults,
      configuration: { ...httpDefaults.configuration, restEndpointUrl: 'http://127.0.0.1:9/nothing' },
    });
    expect([dead.status, dead.body.message]).toEqual([400, expect.stringContaining('did not answer')]);
  });
});
