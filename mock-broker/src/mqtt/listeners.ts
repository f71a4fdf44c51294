import http from 'node:http';
import net from 'node:net';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { closeServer, listen } from '../app/listen.js';
import type { MqttBroker } from './mqtt-broker.js';

export const WEBSOCKET_PATH = '/mqtt';
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

export interface MqttListeners {
  mqttPort: number;
  wsPort: number;
  close(): Promise<void>;
}

/** MQTT over TCP, and MQTT over WebSocket on WEBSOCKET_PATH, both feeding the same broker. */
export async function startMqttListeners(
  broker: MqttBroker,
  options: { mqttPort: number; wsPort: number; bindAddress: string },
): Promise<MqttListeners> {
  const tcpServer = net.createServer((socket) => broker.handle(socket));
  const httpServer = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain' }).end(`MQTT over WebSocket is served at ${WEBSOCKET_PATH}\n`);
  });
  const webSocketServer = new WebSocketServer({
    server: httpServer,
    path: WEBSOCKET_PATH,
    handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
  webSocketServer.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, request);
  });

  const mqttPort = await listen(tcpServer, options.mqttPort, options.bindAddress, 'STARLING_MQTT_PORT');
  let wsPort: number;
  try {
    wsPort = await listen(httpServer, options.wsPort, options.bindAddress, 'STARLING_WS_PORT');
  } catch (error) {
    await closeServer(tcpServer);
    throw error;
  }
  return {
    mqttPort,
    wsPort,
    async close() {
      for (const client of webSocketServer.clients) client.terminate();
      webSocketServer.close();
      await Promise.all([closeServer(tcpServer), closeServer(httpServer)]);
    },
  };
}
