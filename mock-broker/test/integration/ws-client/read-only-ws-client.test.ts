import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { setRole, signedInUserWithRole } from '../../support/api/roles.js';
import { WAIT_MS } from '../../support/checks/waits.js';
import { saveConnection, type WsConnection } from '../../support/api/ws-connections.js';

// openapi.yaml "Changes and roles": a read-only account keeps its web-socket client workspace, but
// the MQTT credentials the broker makes for its AUTO connections may not publish, so it cannot
// change the broker (set or clear a retained message, command a device) through MQTT either.
// MQTT 5.0 section 3.4.2.1: a PUBLISH the server does not authorize is answered PUBACK 0x87.

const suite = useBrokerSuite();
let admin: ApiClient;
const opened: MqttClient[] = [];

beforeAll(async () => {
  admin = new ApiClient(suite.node.baseUrl);
  await admin.signIn();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.endAsync(true).catch(() => undefined)));
});

/** Connects with the connection's own credentials over the WebSocket listener, as the web-socket client page does. */
async function connectAs({ configuration }: WsConnection): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`ws://127.0.0.1:${suite.node.wsPort}/mqtt`, {
    reconnectPeriod: 0,
    connectTimeout: WAIT_MS,
    protocolVersion: 5,
    clientId: configuration.clientId,
    username: configuration.username ?? undefined,
    password: configuration.password ?? undefined,
  });
  opened.push(client);
  return client;
}

/** The PUBACK reason code of a QoS 1 publish: 0 when it was taken. */
const publishCode = (client: MqttClient, topic: string) =>
  client.publishAsync(topic, 'x', { qos: 1, retain: true }).then(
    () => 0,
    (error: { code?: number }) => error.code,
  );

describe('a read-only account\'s AUTO web-socket connection', () => {
  it('subscribes and receives, but its publish is refused with 0x87 and retains nothing', async () => {
    const { api } = await signedInUserWithRole(admin, 'ws-viewer@example.com', 'READ_ONLY');
    const connection = await saveConnection(api, 'Watch', { credentialsMode: 'AUTO', clientId: 'ws-viewer-1' });
    const client = await connectAs(connection);
    const granted = await client.subscribeAsync('plant/#', { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    const received = inbox(client);
    const device = await suite.clients.connect({ protocolVersion: 5 });
    await device.publishAsync('plant/temperature', '21', { qos: 1 });
    expect((await received.next()).topic).toBe('plant/temperature');
    expect(await publishCode(client, 'plant/valve')).toBe(0x87);
    expect(suite.node.mqtt.broker.persistence.retainedMessages.get('plant/valve')).toBeUndefined();
  });

  it('follows its owner\'s role: a connected client of a demoted administrator stops publishing, and publishes again once promoted', async () => {
    const { api, user } = await signedInUserWithRole(admin, 'ws-demoted@example.com', 'ADMIN');
    const connection = await saveConnection(api, 'Control', { credentialsMode: 'AUTO', clientId: 'ws-demoted-1' });
    const client = await connectAs(connection);
    expect(await publishCode(client, 'plant/pump')).toBe(0);
    expect((await setRole(admin, user, 'READ_ONLY')).status).toBe(200);
    expect(await publishCode(client, 'plant/pump-2')).toBe(0x87);
    expect(suite.node.mqtt.broker.persistence.retainedMessages.get('plant/pump-2')).toBeUndefined();
    expect((await setRole(admin, { ...user, role: 'READ_ONLY' }, 'ADMIN')).status).toBe(200);
    expect(await publishCode(client, 'plant/pump-3')).toBe(0);
  });
});
