import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { saveConnection, type WsConnection } from '../../support/api/ws-connections.js';

/**
 * Issue 26 N18: in AUTO anonymous mode only credentials an operator saves close the broker to
 * anonymous clients; those it makes for a web-socket client AUTO connection do not. Every CONNECT
 * is judged by its CONNACK (MQTT 5.0 section 3.2.2.2: reason code 0x00 Success lets the client in,
 * 0x86 Bad User Name or Password and 0x87 Not authorized refuse it).
 */
let node: TestNode;
let api: ApiClient;
const raw = new RawClients(() => node.mqttPort);
const rawOverWebSocket = new RawClients(() => node.wsPort);
let auto: WsConnection;

async function start(dataDir?: string): Promise<void> {
  node = await startTestNode(dataDir === undefined ? {} : { dataDir });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
}

const anonymousAllowed = async () => (await api.call<{ mode: string; allowed: boolean }>('GET', '/api/mqtt/anonymousAccess')).body;
const anonymousConnack = async (clientId: string) => (await raw.connect({ clientId })).connack.reasonCode;

/** Connects over WebSocket as the web-socket client page does, with the connection's generated credentials. */
async function connectAsPage({ configuration }: WsConnection, password = configuration.password ?? '') {
  const { connack } = await rawOverWebSocket.connect({ clientId: configuration.clientId, username: configuration.username ?? undefined, password: Buffer.from(password) }, { webSocketPath: '/mqtt' });
  return connack.reasonCode;
}

beforeAll(() => start());
afterEach(() => {
  raw.closeAll();
  rawOverWebSocket.closeAll();
});
afterAll(() => node.destroy());

describe('AUTO anonymous access and the credentials the web-socket client makes', () => {
  it('a fresh broker lets anonymous clients in, and still does once an AUTO connection has its credentials made', async () => {
    expect(await anonymousAllowed()).toMatchObject({ mode: 'AUTO', allowed: true });
    const { client: early, connack } = await raw.connect({ clientId: 'anonymous-before' });
    expect(connack.reasonCode).toBe(0);
    auto = await saveConnection(api, 'This broker', { url: `ws://127.0.0.1:${node.wsPort}/mqtt`, credentialsMode: 'AUTO', clientId: 'page-auto' });
    expect(auto.configuration.clientCredentialsId).toBeTruthy();
    expect(await anonymousAllowed()).toMatchObject({ mode: 'AUTO', allowed: true });
    // The client that was in stays in (the change judged connected clients again): it still gets answers.
    expect((await early.subscribe('plant/#', { qos: 1 })).granted).toEqual([1]);
    expect(await anonymousConnack('anonymous-after')).toBe(0);
  });

  it("the generated credentials still decide for the page's client: theirs let it in, a wrong password does not", async () => {
    expect(await connectAsPage(auto)).toBe(0);
    expect(await connectAsPage(auto, 'not-the-generated-one')).toBe(0x86);
  });

  it('a restart reads the generated credentials as the broker own again: anonymous clients still get in', async () => {
    const dataDir = node.dataDir;
    await node.close();
    await start(dataDir);
    expect(await anonymousAllowed()).toMatchObject({ mode: 'AUTO', allowed: true });
    expect(await anonymousConnack('anonymous-after-restart')).toBe(0);
    expect(await connectAsPage(auto)).toBe(0);
  });

  it('credentials an operator saves close the broker to anonymous clients, as before', async () => {
    const credentials = { name: 'Sensor', clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify({ clientId: 'sensor-1', userName: 'sensor', password: 'sensor-pw' }) };
    expect((await api.call('POST', '/api/mqtt/client/credentials', credentials)).status).toBe(200);
    expect(await anonymousAllowed()).toMatchObject({ mode: 'AUTO', allowed: false });
    expect(await anonymousConnack('anonymous-refused')).not.toBe(0);
    expect(await connectAsPage(auto)).toBe(0);
  });
});
