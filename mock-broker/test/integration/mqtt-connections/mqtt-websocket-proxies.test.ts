import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerConfig } from '../../../src/config/config.js';
import { ApiClient } from '../../support/api/api-client.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { WAIT_MS } from '../../support/checks/waits.js';

// Issue 26 N6 for MQTT over WebSocket: behind a proxy (upstream mode's console server, an nginx)
// every web-socket client was the proxy's address, so one stranger's wrong passwords made the broker
// refuse every web-socket client's CONNECT unchecked. A trusted proxy's X-Forwarded-For now names the
// client; a header from anyone else is ignored.

/** The CONNACK reason code an MQTT 5 CONNECT over WebSocket gets (MQTT 5.0 section 3.2.2.2), sent through a proxy saying the client is `client`. */
async function connackThrough(node: TestNode, client: string, username: string, password: string, clientId = `ws-${Math.random().toString(36).slice(2)}`): Promise<number> {
  const options = { protocolVersion: 5 as const, reconnectPeriod: 0, connectTimeout: WAIT_MS, clientId, username, password, wsOptions: { headers: { 'X-Forwarded-For': client } } };
  return mqtt.connectAsync(`ws://127.0.0.1:${node.wsPort}/mqtt`, options).then(
    async (connected) => {
      await connected.endAsync(true);
      return 0;
    },
    (error: Error & { code?: number }) => error.code ?? -1,
  );
}

async function startNodeWithMeter(overrides: Partial<BrokerConfig>): Promise<TestNode> {
  // One failure per username, four per address.
  const node = await startTestNode({ signInMaxFailures: 1, signInWindowSeconds: 600, ...overrides });
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: 'Meter', value: { userName: 'meter', password: 'right' } });
  return node;
}

/** Four wrong passwords for four usernames from the stranger: its address has used up its failures. */
async function strangerGuesses(node: TestNode, stranger: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) expect(await connackThrough(node, stranger, `guess-${attempt}`, 'wrong')).toBe(0x86);
}

describe('MQTT over WebSocket through a trusted proxy (STARLING_TRUSTED_PROXIES)', () => {
  let node: TestNode;
  beforeAll(async () => {
    // The test connects from 127.0.0.1: here that is the proxy.
    node = await startNodeWithMeter({ trustedProxies: ['127.0.0.1', '::1'] });
  });
  afterAll(() => node.destroy());

  it("refuses the stranger's address (0x87) but lets another client behind the same proxy in", async () => {
    await strangerGuesses(node, '203.0.113.7');
    expect(await connackThrough(node, '203.0.113.7', 'meter', 'right', 'stranger-meter')).toBe(0x87);
    expect(await connackThrough(node, '203.0.113.8', 'meter', 'right', 'colleague-meter')).toBe(0);
    // The operator sees who it was: the unauthorized-client log and the client's events name the client, not the proxy.
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const refused = await api.call<{ data: { ipAddress: string }[] }>('GET', '/api/unauthorized/client/v2?pageSize=10&page=0&clientId=stranger-meter');
    expect(refused.body.data.map(({ ipAddress }) => ipAddress)).toEqual(['203.0.113.7']);
    expect(node.mqtt.events.forClient('colleague-meter').map(({ address }) => address)).toContain('203.0.113.8');
  });
});

describe('MQTT over WebSocket without trusted proxies', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startNodeWithMeter({});
  });
  afterAll(() => node.destroy());

  it('ignores a client-sent X-Forwarded-For: a fresh one does not dodge the address limit', async () => {
    await strangerGuesses(node, '203.0.113.7');
    expect(await connackThrough(node, '203.0.113.8', 'meter', 'right')).toBe(0x87);
  });
});
