import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { arrivals } from './arrivals.js';
import type { TestNode } from './test-node.js';

export interface ReceivedMessage {
  topic: string;
  payload: string;
  packet: mqtt.IPublishPacket;
}

/** Real mqtt.js clients against a test node, all ended by closeAll(). */
export class MqttClients {
  private readonly clients: MqttClient[] = [];

  constructor(private readonly node: TestNode) {}

  private readonly connacks = new WeakMap<MqttClient, mqtt.IConnackPacket>();

  async connect(options: IClientOptions = {}): Promise<MqttClient> {
    const client = this.open(options);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  }

  /** The CONNACK the broker answered the client's last connect with. */
  connack(client: MqttClient): mqtt.IConnackPacket | undefined {
    return this.connacks.get(client);
  }

  /** Starts connecting without waiting, so listeners can be attached before the first packet arrives. */
  open(options: IClientOptions = {}): MqttClient {
    const client = mqtt.connect(`mqtt://127.0.0.1:${this.node.mqttPort}`, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
    client.on('connect', (connack) => this.connacks.set(client, connack));
    this.clients.push(client);
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.endAsync(true).catch(() => undefined)));
  }
}

/** Collects what a client receives; `next` waits for the next message, `none` checks that nothing comes. */
export function inbox(client: MqttClient) {
  const received = arrivals<ReceivedMessage>('message');
  client.on('message', (topic, payload, packet) => received.add({ topic, payload: payload.toString(), packet }));
  return {
    messages: received.items,
    next: (timeoutMs = 3000) => received.next(timeoutMs),
    async none(waitMs = 300): Promise<boolean> {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return received.items.length === 0;
    },
  };
}

/** A raw TCP connection, for packets no well-behaved client library would send. */
export function rawConnection(node: TestNode): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(node.mqttPort, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

export function closed(socket: net.Socket, timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    // A socket nobody reads never sees the server's FIN: keep it flowing.
    socket.resume();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Collects the packets a raw connection receives. */
export function rawPackets(socket: net.Socket, protocolVersion = 4): mqttPacket.Packet[] {
  const packets: mqttPacket.Packet[] = [];
  const parser = mqttPacket.parser({ protocolVersion });
  parser.on('packet', (packet) => packets.push(packet));
  socket.on('data', (data) => parser.parse(data));
  return packets;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
