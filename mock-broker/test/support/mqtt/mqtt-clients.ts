import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { arrivals } from '../checks/arrivals.js';
import type { TestNode } from '../node/test-node.js';
import { eventually, WAIT_MS } from '../checks/waits.js';

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
    const client = mqtt.connect(`mqtt://127.0.0.1:${this.node.mqttPort}`, { reconnectPeriod: 0, connectTimeout: WAIT_MS, ...options });
    client.on('connect', (connack) => this.connacks.set(client, connack));
    this.clients.push(client);
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.endAsync(true).catch(() => undefined)));
  }
}

/** A filter no test subscribes to: unsubscribing from it is a round trip that changes nothing. */
const BARRIER_FILTER = 'starling-test/barrier/never-subscribed';

/**
 * Collects what a client receives; `next` waits for the next message, `none` checks that nothing
 * came. `none` is a barrier, not a wait: an UNSUBSCRIBE round trip on the client's connection, so
 * whatever the broker had sent it before (everything a completed publish or API call delivers) has
 * arrived when the UNSUBACK does. Use it after what might deliver has completed (a QoS 1 publish
 * acknowledged, the broker's publish callback called, an API call answered).
 */
export function inbox(client: MqttClient) {
  const received = arrivals<ReceivedMessage>('message');
  // mqtt.js hands a QoS 2 message on at its PUBREL, one round trip after the PUBLISH arrived: one
  // under way counts as having come.
  const releasing = new Set<number | undefined>();
  client.on('packetreceive', (packet) => {
    if (packet.cmd === 'publish' && packet.qos === 2) releasing.add(packet.messageId);
  });
  client.on('message', (topic, payload, packet) => {
    if (packet.qos === 2) releasing.delete(packet.messageId);
    received.add({ topic, payload: payload.toString(), packet });
  });
  return {
    messages: received.items,
    next: (timeoutMs = WAIT_MS) => received.next(timeoutMs),
    /** Returns once all the broker has sent the client so far has arrived (and been handed on). */
    async settle(): Promise<void> {
      await client.unsubscribeAsync(BARRIER_FILTER);
      await eventually(() => {
        if (releasing.size > 0) throw new Error(`${releasing.size} QoS 2 message(s) not released yet`);
      });
    },
    async none(): Promise<boolean> {
      await client.unsubscribeAsync(BARRIER_FILTER);
      return received.items.length === 0 && releasing.size === 0;
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

export function closed(socket: net.Socket, timeoutMs = WAIT_MS): Promise<boolean> {
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
