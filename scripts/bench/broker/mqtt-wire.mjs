// A lean MQTT 3.1.1 client for load generation: just the packets the benchmarks use, encoded once
// into templates and parsed without copying, so that the generator costs far less per message
// than the brokers it measures (mqtt.js spends several times more CPU per message).
import net from 'node:net';

export const PACKET = { CONNACK: 2, PUBLISH: 3, PUBACK: 4, PUBREC: 5, PUBREL: 6, SUBACK: 9, PINGRESP: 13 };

/** MQTT's variable-length "remaining length". */
function remainingLength(length) {
  const bytes = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 128;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

function utf8(text) {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(firstByte, body) {
  return Buffer.concat([Buffer.from([firstByte]), remainingLength(body.length), body]);
}

export function encodeConnect({ clientId, clean = true, keepaliveSeconds = 0 }) {
  const header = Buffer.concat([utf8('MQTT'), Buffer.from([4, clean ? 0x02 : 0x00, keepaliveSeconds >> 8, keepaliveSeconds & 0xff])]);
  return packet(0x10, Buffer.concat([header, utf8(clientId)]));
}

export function encodeSubscribe(packetId, topic, qos) {
  return packet(0x82, Buffer.concat([Buffer.from([packetId >> 8, packetId & 0xff]), utf8(topic), Buffer.from([qos])]));
}

/** PUBACK, PUBREC, PUBREL or PUBCOMP: a fixed header and the packet id. */
function acknowledgement(firstByte, packetId) {
  return Buffer.from([firstByte, 2, packetId >> 8, packetId & 0xff]);
}

const encodePuback = (packetId) => acknowledgement(0x40, packetId);
const encodePubrec = (packetId) => acknowledgement(0x50, packetId);
const encodePubrel = (packetId) => acknowledgement(0x62, packetId);
const encodePubcomp = (packetId) => acknowledgement(0x70, packetId);

export const DISCONNECT = Buffer.from([0xe0, 0]);

/**
 * A PUBLISH packet to copy per message: the packet id (QoS 1) and the payload are written into
 * the copy at `packetIdOffset` and `payloadOffset`.
 */
export function publishTemplate(topic, qos, payloadBytes) {
  const topicBytes = utf8(topic);
  const idBytes = qos > 0 ? 2 : 0;
  const header = Buffer.concat([Buffer.from([0x30 | (qos << 1)]), remainingLength(topicBytes.length + idBytes + payloadBytes)]);
  const template = Buffer.alloc(header.length + topicBytes.length + idBytes + payloadBytes);
  header.copy(template, 0);
  topicBytes.copy(template, header.length);
  return { template, packetIdOffset: header.length + topicBytes.length, payloadOffset: header.length + topicBytes.length + idBytes };
}

/** Splits a byte stream into MQTT packets; calls onPacket(type, flags, buffer, bodyStart, bodyEnd). */
export class PacketReader {
  #pending = undefined;

  push(chunk, onPacket) {
    const buffer = this.#pending ? Buffer.concat([this.#pending, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      if (buffer.length - offset < 2) break;
      let index = offset + 1;
      let length = 0;
      let multiplier = 1;
      let byte;
      let complete = true;
      do {
        if (index >= buffer.length) {
          complete = false;
          break;
        }
        byte = buffer[index++];
        length += (byte & 127) * multiplier;
        multiplier *= 128;
      } while (byte & 128);
      if (!complete || index + length > buffer.length) break;
      onPacket(buffer[offset] >> 4, buffer[offset] & 15, buffer, index, index + length);
      offset = index + length;
    }
    this.#pending = offset < buffer.length ? buffer.subarray(offset) : undefined;
  }
}

/**
 * A connected client. `onPublish(buffer, payloadStart, payloadEnd, qos, packetId)` receives
 * messages (a QoS 2 one when its PUBLISH arrives); QoS 1 and 2 flows are answered automatically,
 * either side (in one write per received chunk).
 */
export class WireClient {
  constructor(socket) {
    this.socket = socket;
    this.reader = new PacketReader();
    this.onPublish = undefined;
    this.onPuback = undefined;
    this.waiting = new Map();
    this.closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('data', (chunk) => this.#receive(chunk));
  }

  #receive(chunk) {
    this.socket.cork();
    this.reader.push(chunk, (type, flags, buffer, start, end) => {
      if (type === PACKET.PUBLISH) {
        const qos = (flags >> 1) & 3;
        const topicEnd = start + 2 + buffer.readUInt16BE(start);
        const packetId = qos > 0 ? buffer.readUInt16BE(topicEnd) : 0;
        const payloadStart = qos > 0 ? topicEnd + 2 : topicEnd;
        if (qos === 1) this.socket.write(encodePuback(packetId));
        else if (qos === 2) this.socket.write(encodePubrec(packetId));
        this.onPublish?.(buffer, payloadStart, end, qos, packetId);
      } else if (type === PACKET.PUBREC) {
        this.socket.write(encodePubrel(buffer.readUInt16BE(start)));
      } else if (type === PACKET.PUBREL) {
        this.socket.write(encodePubcomp(buffer.readUInt16BE(start)));
      } else if (type === PACKET.PUBACK) {
        this.onPuback?.(buffer.readUInt16BE(start));
      } else if (type === PACKET.CONNACK || type === PACKET.SUBACK) {
        const key = type === PACKET.CONNACK ? 'connack' : `suback:${buffer.readUInt16BE(start)}`;
        this.waiting.get(key)?.(buffer.subarray(start, end));
        this.waiting.delete(key);
      }
    });
    this.socket.uncork();
  }

  #expect(key, timeoutMs = 30_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${key} within ${timeoutMs} ms`)), timeoutMs);
      const onClose = () => reject(new Error(`connection closed while waiting for ${key}`));
      this.socket.once('close', onClose);
      this.waiting.set(key, (body) => {
        clearTimeout(timer);
        this.socket.off('close', onClose);
        resolve(body);
      });
    });
  }

  async subscribe(topic, qos, packetId = 1) {
    const answer = this.#expect(`suback:${packetId}`);
    this.socket.write(encodeSubscribe(packetId, topic, qos));
    const body = await answer;
    if (body[2] === 0x80) throw new Error(`the broker refused the subscription to ${topic}`);
  }

  /** Sends DISCONNECT and waits for the socket to close. */
  async disconnect() {
    if (!this.socket.destroyed) this.socket.end(DISCONNECT);
    await this.closed;
  }

  destroy() {
    this.socket.destroy();
  }

  /** onPublish: set before CONNECT, for a resumed session whose queued messages may come with the CONNACK. */
  static async connect({ host, port, clientId, clean = true, keepaliveSeconds = 0, onPublish = undefined }) {
    const socket = net.connect({ host, port, noDelay: true });
    socket.on('error', () => socket.destroy());
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('close', () => reject(new Error(`cannot connect to ${host}:${port}`)));
    });
    const client = new WireClient(socket);
    client.onPublish = onPublish;
    const answer = client.#expect('connack');
    socket.write(encodeConnect({ clientId, clean, keepaliveSeconds }));
    const body = await answer;
    if (body[1] !== 0) throw new Error(`the broker refused ${clientId} (CONNACK return code ${body[1]})`);
    client.sessionPresent = (body[0] & 1) === 1;
    return client;
  }
}
