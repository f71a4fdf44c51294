import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

// Three connections for the node, whatever their address: the per-address bound is far above.
const suite = useBrokerSuite({ maxConnections: 3, maxConnectionsPerAddress: 100 });
const opened: RawMqttClient[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.end();
});

async function connected(protocolVersion: 4 | 5 = 5): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect({ port: suite.node.mqttPort, protocolVersion }, { clientId: `limit-${opened.length}-${protocolVersion}` });
  opened.push(client);
  expect(protocolVersion === 5 ? connack.reasonCode : connack.returnCode).toBe(0);
  return client;
}

describe('connections held to STARLING_MAX_CONNECTIONS across every listener and address', () => {
  it('closes a connection beyond the bound at once, over TCP and WebSocket, and takes one again when another has closed', async () => {
    const first = await connected(5);
    await connected(4);
    await connected(5);

    const overTcp = await RawMqttClient.open({ port: suite.node.mqttPort });
    opened.push(overTcp);
    expect(await overTcp.waitClosed()).toBe(true);
    const overWebSocket = await RawMqttClient.open({ port: suite.node.wsPort, webSocketPath: '/mqtt' });
    opened.push(overWebSocket);
    expect(await overWebSocket.waitClosed()).toBe(true);

    first.end();
    await first.waitClosed();
    // The node counts the socket gone when it has closed on its side too.
    await eventually(async () => {
      const { client, connack } = await RawMqttClient.connect({ port: suite.node.mqttPort }, { clientId: 'limit-again' });
      opened.push(client);
      expect(connack.reasonCode).toBe(0);
    });
  });
});
