import net from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, createWebSocketStream } from 'ws';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { arrivals } from '../checks/arrivals.js';
import { WAIT_MS } from '../checks/waits.js';

/**
 * The properties each MQTT 5 packet may carry (MQTT 5.0 section 2.2.2.2, table 2-4). mqtt-packet
 * parses any known property in any packet; a strict client does not, so neither does this one.
 */
const ALLOWED_PROPERTIES: Record<string, readonly string[]> = {
  connack: [
    'sessionExpiryInterval', 'receiveMaximum', 'maximumQoS', 'retainAvailable', 'maximumPacketSize',
    'assignedClientIdentifier', 'topicAliasMaximum', 'reasonString', 'userProperties',
    'wildcardSubscriptionAvailable', 'subscriptionIdentifiersAvailable', 'sharedSubscriptionAvailable',
    'serverKeepAlive', 'responseInformation', 'serverReference', 'authenticationMethod', 'authenticationData',
  ],
  publish: [
    'payloadFormatIndicator', 'messageExpiryInterval', 'topicAlias', 'responseTopic', 'correlationData',
    'userProperties', 'subscriptionIdentifier', 'contentType',
  ],
  puback: ['reasonString', 'userProperties'],
  pubrec: ['reasonString', 'userProperties'],
  pubrel: ['reasonString', 'userProperties'],
  pubcomp: ['reasonString', 'userProperties'],
  suback: ['reasonString', 'userProperties'],
  unsuback: ['reasonString', 'userProperties'],
  disconnect: ['sessionExpiryInterval', 'reasonString', 'userProperties', 'serverReference'],
};

export interface RawClientOptions {
  port: number;
  /** MQTT over WebSocket at this path of `port` (binary frames, subprotocol mqtt) instead of TCP. */
  webSocketPath?: string;
  protocolVersion?: 4 | 5;
  /** Whether to answer QoS 1/2 PUBLISHes by itself (PUBACK, PUBREC then PUBCOMP on PUBREL). */
  autoAcknowledge?: boolean;
  /**
   * Sees every packet as it arrives, with the connection it came on (packets may arrive with the
   * CONNACK, before connect() has answered), for clients that answer at once rather than when a
   * test asks.
   */
  onPacket?: (packet: Packet, connection: RawMqttClient) => void;
}

/**
 * An MQTT client at the packet level, for what a forgiving library would hide: every packet the
 * server sends is kept in order, checked against the standard's property table, and nothing is
 * sent unless the test says so (unless autoAcknowledge is on).
 */
export class RawMqttClient {
  readonly received: Packet[] = [];
  /** Violations of the standard seen in what the server sent (a strict client would disconnect). */
  readonly violations: string[] = [];
  readonly protocolVersion: 4 | 5;
  private readonly arrived = arrivals<Packet>('packet');
  private closedSocket = false;
  private readonly closeWaiters: (() => void)[] = [];
  /** Rejects once the connection has closed: nothing more can arrive, so no wait need run out. */
  private readonly closedForGood: Promise<never>;

  private constructor(
    /** The byte stream: a TCP socket, or the stream of a WebSocket's binary frames. */
    readonly socket: Duplex,
    options: RawClientOptions,
  ) {
    this.protocolVersion = options.protocolVersion ?? 5;
    const parser = mqttPacket.parser({ protocolVersion: this.protocolVersion });
    parser.on('packet', (packet: Packet) => {
      this.check(packet);
      this.received.push(packet);
      if (options.autoAcknowledge) this.acknowledge(packet);
      options.onPacket?.(packet, this);
      this.arrived.add(packet);
    });
    parser.on('error', (error: Error) => this.violations.push(`unparsable packet: ${error.message}`));
    socket.on('data', (data) => parser.parse(data));
    let closing: (error: Error) => void = () => undefined;
    this.closedForGood = new Promise<never>((_, reject) => (closing = reject));
    this.closedForGood.catch(() => undefined);
    socket.on('close', () => {
      this.closedSocket = true;
      closing(new Error('the connection closed'));
      for (const waiter of this.closeWaiters.splice(0)) waiter();
    });
    socket.on('error', () => undefined);
  }

  static open(options: RawClientOptions): Promise<RawMqttClient> {
    const { webSocketPath } = options;
    if (webSocketPath !== undefined) {
      return new Promise((resolve, reject) => {
        const webSocket = new WebSocket(`ws://127.0.0.1:${options.port}${webSocketPath}`, 'mqtt');
        webSocket.once('open', () => {
          const stream = createWebSocketStream(webSocket);
          // The connection is over when the WebSocket closes, whether or not this side ended its writing.
          webSocket.once('close', () => stream.destroy());
          resolve(new RawMqttClient(stream, options));
        });
        webSocket.once('error', reject);
      });
    }
    return new Promise((resolve, reject) => {
      const socket = net.connect(options.port, '127.0.0.1', () => resolve(new RawMqttClient(socket, options)));
      socket.once('error', reject);
    });
  }

  /** Opens a connection and sends CONNECT; answers the client and the CONNACK. */
  static async connect(
    options: RawClientOptions,
    connect: Partial<mqttPacket.IConnectPacket> = {},
  ): Promise<{ client: RawMqttClient; connack: mqttPacket.IConnackPacket }> {
    const client = await RawMqttClient.open(options);
    client.send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: client.protocolVersion, clean: true, keepalive: 60, clientId: '', ...connect } as mqttPacket.IConnectPacket);
    const connack = (await client.next('connack')) as mqttPacket.IConnackPacket;
    return { client, connack };
  }

  send(packet: Packet): void {
    this.socket.write(mqttPacket.generate(packet, { protocolVersion: this.protocolVersion }));
  }

  /**
   * The next packet of `cmd` (packets of other kinds arriving first are kept in `received`); fails
   * at once when the connection closes without it.
   */
  async next(cmd?: Packet['cmd'], timeoutMs = WAIT_MS): Promise<Packet> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const packet = await this.arrival(deadline - Date.now()).catch((error: Error) => {
        throw new Error(`no ${cmd ?? 'packet'}: ${error.message}`);
      });
      if (!cmd || packet.cmd === cmd) return packet;
    }
  }

  /** The next packet in order, one already here first. */
  private arrival(timeoutMs: number): Promise<Packet> {
    if (this.arrived.items.length > 0) return this.arrived.next(1);
    return Promise.race([this.arrived.next(Math.max(1, timeoutMs)), this.closedForGood]);
  }

  async nextPublish(timeoutMs = WAIT_MS): Promise<mqttPacket.IPublishPacket> {
    return (await this.next('publish', timeoutMs)) as mqttPacket.IPublishPacket;
  }

  /**
   * The packets of `cmd` the server sent before it answered two PINGREQs, one after the other: all
   * that its work so far produced on this connection. The server handles a connection's packets in
   * order, and the second PINGREQ is read only once it is done with everything before the first, so
   * whatever a packet sent earlier (an acknowledgement, a SUBSCRIBE) or another client's completed
   * PUBLISH (its PUBACK received) made it send has arrived. A barrier, not a wait: "nothing more
   * came" is proven by order, not by how long the test looked.
   */
  async settle(cmd: Packet['cmd']): Promise<Packet[]> {
    const packets: Packet[] = [];
    for (const round of [1, 2]) {
      this.send({ cmd: 'pingreq' });
      for (;;) {
        const packet = await this.arrival(WAIT_MS).catch((error: Error) => {
          throw new Error(`no PINGRESP to PINGREQ ${round}: ${error.message}`);
        });
        if (packet.cmd === 'pingresp') break;
        if (packet.cmd === cmd) packets.push(packet);
      }
    }
    return packets;
  }

  /** Packets of `cmd` arriving within `waitMs` (after those already waiting): for tests of time itself. */
  async collect(cmd: Packet['cmd'], waitMs: number): Promise<Packet[]> {
    const deadline = Date.now() + waitMs;
    const packets: Packet[] = [];
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return packets;
      try {
        const packet = await this.arrived.next(left);
        if (packet.cmd === cmd) packets.push(packet);
      } catch {
        return packets;
      }
    }
  }

  async subscribe(topic: string, options: { qos?: 0 | 1 | 2; nl?: boolean; rap?: boolean; rh?: number; subscriptionIdentifier?: number } = {}, messageId = 1): Promise<mqttPacket.ISubackPacket> {
    const { subscriptionIdentifier, qos = 1, ...flags } = options;
    this.send({
      cmd: 'subscribe',
      messageId,
      subscriptions: [{ topic, qos, ...flags }],
      ...(subscriptionIdentifier === undefined ? {} : { properties: { subscriptionIdentifier } }),
    } as mqttPacket.ISubscribePacket);
    return (await this.next('suback')) as mqttPacket.ISubackPacket;
  }

  publish(topic: string, payload: string | Buffer, options: Partial<mqttPacket.IPublishPacket> = {}): void {
    this.send({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false, ...options } as mqttPacket.IPublishPacket);
  }

  disconnect(options: Partial<mqttPacket.IDisconnectPacket> = {}): void {
    this.send({ cmd: 'disconnect', ...options } as mqttPacket.IDisconnectPacket);
  }

  acknowledge(packet: Packet): void {
    if (packet.cmd === 'publish' && packet.qos === 1) this.send({ cmd: 'puback', messageId: packet.messageId } as mqttPacket.IPubackPacket);
    if (packet.cmd === 'publish' && packet.qos === 2) this.send({ cmd: 'pubrec', messageId: packet.messageId } as mqttPacket.IPubrecPacket);
    if (packet.cmd === 'pubrel') this.send({ cmd: 'pubcomp', messageId: packet.messageId } as mqttPacket.IPubcompPacket);
  }

  get closed(): boolean {
    return this.closedSocket;
  }

  /** Resolves true when the server closes the connection within `timeoutMs`. */
  waitClosed(timeoutMs = WAIT_MS): Promise<boolean> {
    if (this.closedSocket) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  end(): void {
    this.socket.destroy();
  }

  private check(packet: Packet): void {
    if (this.protocolVersion !== 5) return;
    const properties = (packet as { properties?: Record<string, unknown> }).properties;
    if (!properties) return;
    const allowed = ALLOWED_PROPERTIES[packet.cmd] ?? [];
    for (const [name, value] of Object.entries(properties)) {
      if (value !== undefined && !allowed.includes(name)) this.violations.push(`${packet.cmd} carries ${name}, which the standard does not allow there`);
    }
  }
}

/** Opens raw clients against a port and destroys them all at the end of each test. */
export class RawClients {
  private readonly clients: RawMqttClient[] = [];

  constructor(private readonly port: () => number) {}

  async connect(connect: Partial<mqttPacket.IConnectPacket> = {}, options: Omit<RawClientOptions, 'port'> = {}) {
    const opened = await RawMqttClient.connect({ port: this.port(), ...options }, { protocolVersion: options.protocolVersion ?? 5, ...connect });
    this.clients.push(opened.client);
    return opened;
  }

  closeAll(): void {
    for (const client of this.clients.splice(0)) client.end();
  }
}
