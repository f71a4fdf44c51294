import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

/** Four connections per address on the HTTP port, and on the WebSocket port until the upgrade. */
const suite = useBrokerSuite({ maxHttpConnectionsPerAddress: 4 });
const sockets: net.Socket[] = [];
const clients: RawMqttClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const client of clients.splice(0)) client.end();
});

/** A connection that sends nothing, or `head` and no more: a peer holding the connection open. */
async function idle(port: number, head = ''): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  if (head) socket.write(head);
  return socket;
}

/** Whether the server closes `socket` without an answer, as it does with a connection past a bound. */
function closedUnanswered(socket: net.Socket): Promise<boolean> {
  let answered = false;
  socket.on('data', () => (answered = true));
  return new Promise((resolve) => (socket.destroyed ? resolve(!answered) : socket.once('close', () => resolve(!answered))));
}

describe('connections one address may hold on the HTTP ports (STARLING_MAX_HTTP_CONNECTIONS_PER_ADDRESS)', () => {
  it('closes a connection to the console port past the bound before reading it, and answers again once one has closed', async () => {
    const held = [await idle(suite.node.httpPort), await idle(suite.node.httpPort), await idle(suite.node.httpPort, 'GET /api/noauth/'), await idle(suite.node.httpPort)];
    const extra = await idle(suite.node.httpPort, 'GET /api/noauth/ready HTTP/1.1\r\nHost: starling\r\n\r\n');
    expect(await closedUnanswered(extra)).toBe(true);

    held[0]?.destroy();
    // The node counts the socket gone once it has seen it close.
    const answer = await eventually(async () => {
      const api = new ApiClient(suite.node.baseUrl);
      return (await api.call('GET', '/api/noauth/userPasswordPolicy')).status;
    });
    expect(answer).toBe(200);
  });

  it('bounds unfinished upgrade requests on the WebSocket port, while MQTT connections past it count under the MQTT bounds only', async () => {
    // Six MQTT clients over WebSocket from one address: each stopped counting here at its upgrade.
    for (let index = 0; index < 6; index++) {
      const { client, connack } = await RawMqttClient.connect({ port: suite.node.wsPort, webSocketPath: '/mqtt' }, { clientId: `over-ws-${index}` });
      clients.push(client);
      expect(connack.reasonCode).toBe(0);
    }
    for (let index = 0; index < 4; index++) await idle(suite.node.wsPort, 'GET /mqtt HTTP/1.1\r\nHost: starling\r\n');
    const extra = await idle(suite.node.wsPort);
    expect(await closedUnanswered(extra)).toBe(true);
    expect(clients.every((client) => !client.closed)).toBe(true);
  });
});
