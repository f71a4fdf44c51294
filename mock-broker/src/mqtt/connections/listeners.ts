import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer, createWebSocketStream } from 'ws';
import { closeServer, listen } from '../../app/listen.js';
import type { TlsFiles } from '../../config/config.js';
import { TrustedProxies } from '../../http/trusted-proxies.js';
import { AddressCounts, boundHttpConnections } from '../../http/connection-bounds.js';
import type { MqttBroker } from '../mqtt-broker.js';
import { UPGRADE_SERVER_OPTIONS, WebSocketMessageLimit, type WebSocketMessageLimitOptions } from './websocket-limits.js';
import { webSocketOriginAllowed, type WebSocketOriginOptions } from './websocket-origin.js';
import { certificatesOf, noteOutOfDateCertificate } from './client-certificate.js';

export const WEBSOCKET_PATH = '/mqtt';
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];

export interface ListenerOptions extends WebSocketOriginOptions, WebSocketMessageLimitOptions {
  /** Open connections one address may hold across every listener; more are closed at once. */
  maxConnectionsPerAddress: number;
  /** Open connections the node holds at most across every listener and address; more are closed at once. */
  maxConnections: number;
  /** Connections one address may hold on a WebSocket port before its upgrade request arrives (STARLING_MAX_HTTP_CONNECTIONS_PER_ADDRESS). */
  maxHttpConnectionsPerAddress: number;
  /** Proxies whose X-Forwarded-For names a web-socket client's address (STARLING_TRUSTED_PROXIES). */
  trustedProxies: string[];
  mqttPort: number;
  wsPort: number;
  mqttsPort: number;
  wssPort: number;
  tls: TlsFiles | undefined;
}

/** The listeners, as the time-series keys `tcpConnections`… name them. */
export type ListenerKind = 'tcp' | 'tls' | 'ws' | 'wss';

/** Connections open now on each listener. */
export type OpenConnections = Record<ListenerKind, number>;

export interface MqttListeners {
  /** Connections open now on each listener (the monitoring area samples them). */
  openConnections(): OpenConnections;
  /** Bytes read from and written to client connections since the listeners opened (the time-series key processedBytes). */
  processedBytes(): number;
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

/**
 * Counts open connections per remote address, so that one address cannot hold every file
 * descriptor the node has, and per listener, and the bytes they carry. Only addresses with an open
 * connection are kept.
 */
class OpenConnectionCounts {
  readonly #perAddress = new AddressCounts();
  readonly perListener: OpenConnections = { tcp: 0, tls: 0, ws: 0, wss: 0 };
  /** The sockets open now, and what the closed ones carried: bytes on the wire, whatever the listener. */
  readonly #sockets = new Set<net.Socket>();
  #closedBytes = 0;

  constructor(
    private readonly maximum: number,
    /** Across every address: many addresses (an IPv6 block) must not take the node past what it can hold. */
    private readonly maximumTotal: number,
  ) {}

  /** Bytes read and written on every admitted connection (for WebSocket, the frames with their MQTT packets). */
  processedBytes(): number {
    let bytes = this.#closedBytes;
    for (const socket of this.#sockets) bytes += socket.bytesRead + socket.bytesWritten;
    return bytes;
  }

  /** Answers false (and counts nothing) when the address, or the node, already holds its maximum. */
  admit(address: string | undefined, socket: net.Socket, listener: ListenerKind): boolean {
    const key = address ?? 'unknown';
    if (this.#sockets.size >= this.maximumTotal || !this.#perAddress.take(key, this.maximum)) return false;
    this.perListener[listener] += 1;
    this.#sockets.add(socket);
    socket.once('close', () => {
      this.#sockets.delete(socket);
      this.#closedBytes += socket.bytesRead + socket.bytesWritten;
      this.perListener[listener] -= 1;
      this.#perAddress.release(key);
    });
    return true;
  }
}

/** A web socket's upgrade request, with the address of the client behind it (see ForwardedClient in access-control). */
type WebSocketRequest = http.IncomingMessage & { clientAddress?: string };

/** MQTT over WebSocket at WEBSOCKET_PATH on an HTTP or HTTPS server. */
function attachWebSocket(server: http.Server, listener: ListenerKind, broker: MqttBroker, connections: OpenConnectionCounts, options: ListenerOptions, messageLimit: WebSocketMessageLimit): WebSocketServer {
  // Before its upgrade a connection is only a socket and its peer's address: bounded per address
  // there, so that unfinished upgrade requests cannot hold every file descriptor (UPGRADE_SERVER_OPTIONS
  // bounds how long each waits); after it, the MQTT bounds per client address count it.
  boundHttpConnections(server, { perAddress: options.maxHttpConnectionsPerAddress, total: options.maxConnections, trustedProxies: options.trustedProxies, releaseOnUpgrade: true });
  const proxies = new TrustedProxies(options.trustedProxies);
  const webSocketServer = new WebSocketServer({
    server,
    path: WEBSOCKET_PATH,
    maxPayload: messageLimit.beforeAdmission,
    // 403: the page is known and not allowed (a synchronous refusal would answer 401, which asks for credentials).
    verifyClient: ({ req }, accept) => accept(webSocketOriginAllowed(req.headers.origin, options), 403),
    handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
  });
  webSocketServer.on('connection', (socket, request: WebSocketRequest) => {
    // Behind a trusted proxy (upstream mode's console server, an nginx) the client is the one its
    // X-Forwarded-For names: the limits per address and the sessions page count it, not the proxy.
    request.clientAddress = proxies.clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    if (!connections.admit(request.clientAddress, request.socket, listener)) {
      socket.terminate();
      return;
    }
    const stream = frameWhatATickWrites(createWebSocketStream(socket), socket);
    stream.on('error', () => socket.terminate());
    // At once, with the close frame (1009 for a message beyond the limit) sent: the stream reports
    // the error a tick later, while ws goes on reading (and dropping) whatever the peer sends.
    socket.on('error', () => socket.terminate());
    messageLimit.watch(broker.handle(stream, request), socket);
  });
  return webSocketServer;
}

/**
 * Sends what the broker writes in one tick as one WebSocket frame. mqtt-packet writes a packet in
 * pieces (fixed header, lengths, topic, properties, payload) between a cork and an uncork on the next
 * tick; the ws stream has no `_writev`, so each piece went out as a frame of its own, several per
 * message, each one an event and a task for the browser to run. MQTT over WebSocket lets a frame hold
 * several packets, or parts of them (MQTT 5 section 6, 3.1.1 section 6): clients read a byte stream.
 */
function frameWhatATickWrites(stream: Duplex, socket: WebSocket): Duplex {
  stream._writev = (chunks, callback) => {
    socket.send(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), { binary: true }, callback);
  };
  return stream;
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
  /** The open TCP and TLS connections: a server waits for its connections before it closes, so closing ends them. */
  const sockets = new Set<net.Socket>();
  const messageLimit = new WebSocketMessageLimit(broker, options);
  const close = async () => {
    messageLimit.close();
    for (const webSocketServer of webSocketServers) {
      for (const client of webSocketServer.clients) client.terminate();
      webSocketServer.close();
    }
    const closed = Promise.all(servers.map(closeServer));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const connections = new OpenConnectionCounts(options.maxConnectionsPerAddress, options.maxConnections);
  /** The configured CA: a client certificate failing only its dates is checked against it (client-certificate.ts). */
  const certificateAnchors = options.tls?.caFile ? certificatesOf(fs.readFileSync(options.tls.caFile)) : [];
  const handle = (listener: ListenerKind) => (socket: net.Socket) => {
    if (!connections.admit(socket.remoteAddress, socket, listener)) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (listener === 'tls' && certificateAnchors.length > 0) noteOutOfDateCertificate(socket as tls.TLSSocket, certificateAnchors);
    broker.handle(socket);
  };
  const start = async (server: net.Server, port: number, setting: string) => {
    servers.push(server);
    return listen(server, port, options.bindAddress, setting);
  };
  try {
    const mqttPort = await start(net.createServer(handle('tcp')), options.mqttPort, 'STARLING_MQTT_PORT');
    const wsServer = http.createServer(UPGRADE_SERVER_OPTIONS, notWebSocket);
    webSocketServers.push(attachWebSocket(wsServer, 'ws', broker, connections, options, messageLimit));
    const wsPort = await start(wsServer, options.wsPort, 'STARLING_WS_PORT');
    let mqttsPort: number | null = null;
    let wssPort: number | null = null;
    if (options.tls) {
      const secure = tlsOptions(options.tls);
      mqttsPort = await start(tls.createServer(secure, handle('tls')), options.mqttsPort, 'STARLING_MQTTS_PORT');
      const wssServer = https.createServer({ ...secure, ...UPGRADE_SERVER_OPTIONS }, notWebSocket);
      if (certificateAnchors.length > 0) wssServer.on('secureConnection', (socket: tls.TLSSocket) => noteOutOfDateCertificate(socket, certificateAnchors));
      webSocketServers.push(attachWebSocket(wssServer, 'wss', broker, connections, options, messageLimit));
      wssPort = await start(wssServer, options.wssPort, 'STARLING_WSS_PORT');
    }
    return { openConnections: () => ({ ...connections.perListener }), processedBytes: () => connections.processedBytes(), mqttPort, wsPort, mqttsPort, wssPort, close };
  } catch (error) {
    await close();
    throw error;
  }
}
