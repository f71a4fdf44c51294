import type mqttPacket from 'mqtt-packet';
import type { Packet } from 'mqtt-packet';
import { RawMqttClient } from './raw-mqtt-client.js';

/** MQTT 3.1.1 with clean session off, or MQTT 5 with a session expiry: a session that outlives the connection. */
export type SessionVersion = 4 | 5;

function persistentConnect(clientId: string, protocolVersion: SessionVersion): Partial<mqttPacket.IConnectPacket> {
  return { clientId, clean: false, protocolVersion, ...(protocolVersion === 5 ? { properties: { sessionExpiryInterval: 600 } } : {}) };
}

interface Outgoing {
  payload: string;
  /** QoS 2: PUBREC arrived and PUBREL went out; what is left is the PUBCOMP. */
  released: boolean;
}

const TICK_MS = 5;

/**
 * The sender's side of QoS 1 and 2 at the packet level, at a steady rate with a bounded window of
 * messages on their way. Packet ids are reused lowest first, as mqtt.js does, so an id the broker
 * still remembers from before a crash comes back soon. After a reconnect it sends again what the
 * broker has not finished with, with the same ids (MQTT 4.4): PUBLISH (DUP set) or PUBREL.
 */
export class SteadyPublisher {
  /** Payloads the broker acknowledged: PUBACK for QoS 1, PUBREC for QoS 2. */
  readonly acknowledged = new Set<string>();
  /** Acknowledgements refused with a reason code of 0x80 or more (MQTT 5). */
  readonly refusals: string[] = [];
  readonly inFlight = new Map<number, Outgoing>();
  private client: RawMqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private sequence = 0;

  constructor(
    readonly clientId: string,
    private readonly topic: string,
    private readonly qos: 1 | 2,
    private readonly protocolVersion: SessionVersion,
    /** Messages sent per publisher per second, at most. */
    private readonly rate = 800,
    private readonly window = 20,
    /** Messages it sends in all; it stops once they are sent. */
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {}

  get sent(): number {
    return this.sequence;
  }

  /** Connects (or reconnects) and resends what is unfinished; answers the CONNACK's session present flag. */
  async connect(port: number): Promise<boolean> {
    const { client, connack } = await RawMqttClient.connect(
      { port, protocolVersion: this.protocolVersion, onPacket: (packet, connection) => this.receive(packet, connection) },
      persistentConnect(this.clientId, this.protocolVersion),
    );
    this.client = client;
    for (const [messageId, message] of this.inFlight) {
      if (message.released) client.send({ cmd: 'pubrel', messageId });
      else this.sendPublish(messageId, message.payload, true);
    }
    return connack.sessionPresent;
  }

  start(): void {
    this.stop();
    const perTick = Math.max(1, Math.round((this.rate * TICK_MS) / 1000));
    this.timer = setInterval(() => {
      for (let n = 0; n < perTick && this.inFlight.size < this.window; n++) this.publishNext();
    }, TICK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The connection as the broker's crash leaves it: gone. */
  get connected(): boolean {
    return this.client !== undefined && !this.client.closed;
  }

  end(): void {
    this.stop();
    this.client?.end();
  }

  private publishNext(): void {
    if (!this.connected || this.sequence >= this.limit) return;
    let messageId = 1;
    while (this.inFlight.has(messageId)) messageId++;
    const payload = `${this.clientId}/${++this.sequence}`;
    this.inFlight.set(messageId, { payload, released: false });
    this.sendPublish(messageId, payload, false);
  }

  private sendPublish(messageId: number, payload: string, dup: boolean): void {
    this.client?.publish(this.topic, payload, { qos: this.qos, messageId, dup });
  }

  /** Answers on the connection the packet came on. */
  private receive(packet: Packet, connection: RawMqttClient): void {
    if (packet.cmd !== 'puback' && packet.cmd !== 'pubrec' && packet.cmd !== 'pubcomp') return;
    const messageId = packet.messageId ?? 0;
    const message = this.inFlight.get(messageId);
    if (!message) return;
    if ((packet.reasonCode ?? 0) >= 0x80) {
      this.refusals.push(`${packet.cmd} ${packet.reasonCode} for ${message.payload}`);
      this.inFlight.delete(messageId);
    } else if (packet.cmd === 'puback' || (packet.cmd === 'pubrec' && !message.released)) {
      this.acknowledged.add(message.payload);
      if (packet.cmd === 'puback') this.inFlight.delete(messageId);
      else {
        message.released = true;
        connection.send({ cmd: 'pubrel', messageId });
      }
    } else if (packet.cmd === 'pubcomp') {
      this.inFlight.delete(messageId);
    }
  }
}

/**
 * The receiver's side of QoS 1 and 2 at the packet level, subscribed once with a persistent
 * session. QoS 2 follows the standard's first method (MQTT 4.3.3): the message is kept under its
 * packet id when the PUBLISH arrives (a repeated PUBLISH for a held id replaces it, as mqtt.js
 * does) and handed on once, when the PUBREL arrives; the id is then forgotten. `received` counts
 * what was handed on, so a message the broker makes it take twice shows as a duplicate.
 */
export class PersistentSubscriber {
  readonly received = new Map<string, number>();
  private readonly held = new Map<number, string>();
  private client: RawMqttClient | undefined;

  constructor(
    readonly clientId: string,
    private readonly filter: string,
    private readonly qos: 1 | 2,
    private readonly protocolVersion: SessionVersion,
  ) {}

  /** Connects (or reconnects); answers the CONNACK's session present flag. */
  async connect(port: number): Promise<boolean> {
    const { client, connack } = await RawMqttClient.connect(
      { port, protocolVersion: this.protocolVersion, onPacket: (packet, connection) => this.receive(packet, connection) },
      persistentConnect(this.clientId, this.protocolVersion),
    );
    this.client = client;
    return connack.sessionPresent;
  }

  /** Subscribes at the subscriber's QoS; answers the granted QoS (or reason code). */
  async subscribe(): Promise<unknown> {
    const suback = await this.client?.subscribe(this.filter, { qos: this.qos });
    return suback?.granted[0];
  }

  count(payload: string): number {
    return this.received.get(payload) ?? 0;
  }

  /** Returns once everything the broker has sent so far has arrived (RawMqttClient.settle). */
  async settle(): Promise<void> {
    await this.client?.settle('publish');
  }

  end(): void {
    this.client?.end();
  }

  private handOn(payload: string): void {
    this.received.set(payload, this.count(payload) + 1);
  }

  /** Answers on the connection the packet came on. */
  private receive(packet: Packet, connection: RawMqttClient): void {
    if (packet.cmd === 'publish') {
      const payload = packet.payload.toString();
      const messageId = packet.messageId ?? 0;
      if (packet.qos === 2) {
        this.held.set(messageId, payload);
        connection.send({ cmd: 'pubrec', messageId });
        return;
      }
      this.handOn(payload);
      if (packet.qos === 1) connection.send({ cmd: 'puback', messageId });
    } else if (packet.cmd === 'pubrel') {
      const payload = this.held.get(packet.messageId ?? 0);
      if (payload !== undefined) this.handOn(payload);
      this.held.delete(packet.messageId ?? 0);
      connection.send({ cmd: 'pubcomp', messageId: packet.messageId });
    }
  }
}
