import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { closeServer, listen } from '../app/listen.js';
import type { TlsFiles } from '../config/config.js';
import type { MqttBroker } from './mqtt-broker.js';

export const WEBSOCKET_PATH = '/mqtt';
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

export interface ListenerOptions {
  mqttPort: number;
  wsPort: number;
  mqttsPort: number;
  wssPort: number;
  bindAddress: string;
  tls: TlsFiles | undefined;
}

export interface MqttListeners {
  mqttPort: number;
  wsPort: number;
  /** Null when no certificate is configured. */
  mqttsPort: number | null;
  wssPort: number | null;
  close(): Promise<void>;
}

function notWebSocket(_request: http.IncomingMessage, response: http.ServerResponse): void {
  response.writeHead(426, { 'Content-Type': 'text/plain' }).end(`MQTT over WebSocket is served at ${WEBSOCKET_PATH}\n`);
}

/** MQTT over WebSocket at WEBSOCKET_PATH on an HTTP or HTTPS server. */
function attachWebSocket(server: http.Server, broker: MqttBroker): WebSocketServer {
  const webSocketServer = new WebSocketServer({
    server,
    path: WEBSOCKET_PATH,
    handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
  webSocketServer.on('connection', (socket, request) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, request);
  });
  return webSocketServer;
}

function tlsOptions(files: TlsFiles): tls.TlsOptions {
  return {
    cert: fs.readFileSync(files.certFile),
    key: fs.readFileSync(files.keyFile),
    ...(files.caFile
      ? // Certificates are asked for and verified against the CA; whether an unverified client may
        // still connect is the authentication hook's decision, not the TLS handshake's.
        { ca: fs.readFileSync(files.caFile), requestCert: true, rejectUnauthorized: false }
      : {}),
  };
}

/**
 * MQTT over TCP and over WebSocket, plus MQTT over TLS and secure WebSocket when a certificate
 * is configured, all feeding the same broker.
 */
export async function startMqttListeners(broker: MqttBroker, options: ListenerOptions): Promise<MqttListeners> {
  const servers: net.Server[] = [];
  const webSocketServers: WebSocketServer[] = [];
  const close = async () => {
    for (const webSocketServer of webSocketServers) {
      for (const client of webSocketServer.clients) client.terminate();
      webSocketServer.close();
    }
    await Promise.all(servers.map(closeServer));
  };
  const start = async (server: net.Server, port: number, setting: string) => {
    servers.push(server);
    return listen(server, port, options.bindAddress, setting);
  };
  try {
    const mqttPort = await start(net.createServer((socket) => broker.handle(socket)), options.mqttPort, 'STARLING_MQTT_PORT');
    const wsServer = http.createServer(notWebSocket);
    webSocketServers.push(attachWebSocket(wsServer, broker));
    const wsPort = await start(wsServer, options.wsPort, 'STARLING_WS_PORT');
    let mqttsPort: number | null = null;
    let wssPort: number | null = null;
    if (options.tls) {
      const secure = tlsOptions(options.tls);
      mqttsPort = await start(tls.createServer(secure, (socket) => broker.handle(socket)), options.mqttsPort, 'STARLING_MQTTS_PORT');
      const wssServer = https.createServer(secure, notWebSocket);
      webSocketServers.push(attachWebSocket(wssServer, broker));
      wssPort = await start(wssServer, options.wssPort, 'STARLING_WSS_PORT');
    }
    return { mqttPort, wsPort, mqttsPort, wssPort, close };
  } catch (error) {
    await close();
    throw error;
  }
}
