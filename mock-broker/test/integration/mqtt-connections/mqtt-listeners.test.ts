import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually, WAIT_MS } from '../../support/checks/waits.js';

let node: TestNode;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await node.destroy();
});

async function connect(url: string, options: mqtt.IClientOptions = {}): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: WAIT_MS, ...options });
  clients.push(client);
  return client;
}

function nextMessage(client: MqttClient): Promise<{ topic: string; payload: string }> {
  return new Promise((resolve) => {
    client.once('message', (topic, payload) => resolve({ topic, payload: payload.toString() }));
  });
}

describe('MQTT listeners', () => {
  it('delivers a message between two MQTT 3.1.1 clients over TCP', async () => {
    const subscriber = await connect(`mqtt://127.0.0.1:${node.mqttPort}`, { protocolVersion: 4, clientId: 'tcp-sub' });
    const publisher = await connect(`mqtt://127.0.0.1:${node.mqttPort}`, { protocolVersion: 4, clientId: 'tcp-pub' });
    await subscriber.subscribeAsync('plant/+/temperature', { qos: 1 });
    const received = nextMessage(subscriber);
    await publisher.publishAsync('plant/7/temperature', '21.5', { qos: 1 });
    expect(await received).toEqual({ topic: 'plant/7/temperature', payload: '21.5' });
  });

  it('delivers a message between WebSocket clients on /mqtt', async () => {
    const url = `ws://127.0.0.1:${node.wsPort}/mqtt`;
    const subscriber = await connect(url, { clientId: 'ws-sub' });
    const publisher = await connect(url, { clientId: 'ws-pub' });
    await subscriber.subscribeAsync('sensors/#');
    const received = nextMessage(subscriber);
    await publisher.publishAsync('sensors/temperature', '{"value":20}');
    expect(await received).toEqual({ topic: 'sensors/temperature', payload: '{"value":20}' });
  });

  it('carries messages across transports, from TCP to WebSocket', async () => {
    const subscriber = await connect(`ws://127.0.0.1:${node.wsPort}/mqtt`, { clientId: 'cross-ws' });
    const publisher = await connect(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: 'cross-tcp' });
    await subscriber.subscribeAsync('cross/topic', { qos: 1 });
    const received = nextMessage(subscriber);
    await publisher.publishAsync('cross/topic', 'over the bridge', { qos: 1 });
    expect((await received).payload).toBe('over the bridge');
  });

  it('sends a WebSocket client what it writes in one go as one frame of whole packets, not a frame per piece of a packet', async () => {
    // A raw WebSocket: frames as they come, the packets in them parsed by a strict parser.
    const socket = new WebSocket(`ws://127.0.0.1:${node.wsPort}/mqtt`, 'mqtt');
    const frames: Buffer[] = [];
    socket.on('message', (data: Buffer) => frames.push(Buffer.from(data)));
    await new Promise((resolve) => socket.once('open', resolve));
    const send = (packet: mqttPacket.Packet) => socket.send(mqttPacket.generate(packet));
    send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'ws-frames', clean: true, keepalive: 60 });
    send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'frames/#', qos: 0 }] });
    await eventually(() => expect(frames.length).toBeGreaterThanOrEqual(2));
    const publisher = await connect(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: 'ws-frames-publisher' });
    // 20 messages written in one go: the broker relays them within the same turn.
    for (let index = 0; index < 20; index += 1) publisher.publish(`frames/${index}`, `payload ${index}`);
    const packets: mqttPacket.Packet[] = [];
    await eventually(() => {
      packets.length = 0;
      for (const frame of frames) {
        // Each frame parses into whole packets: nothing is left over for the next frame.
        const parser = mqttPacket.parser({ protocolVersion: 4 });
        parser.on('packet', (packet) => packets.push(packet));
        expect(parser.parse(frame)).toBe(0);
      }
      expect(packets.filter((packet) => packet.cmd === 'publish')).toHaveLength(20);
    });
    // Never a piece of a packet in a frame of its own (the packet writer writes each in several).
    expect(frames.length).toBeLessThanOrEqual(packets.length);
    socket.close();
  });

  it('refuses WebSocket upgrades outside /mqtt', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${node.wsPort}/other`, 'mqtt');
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('opened'));
      socket.once('error', (error) => resolve(error.message));
    });
    expect(outcome).toContain('400');
  });

  it('lets pages of the console\'s own origin and clients without an origin open MQTT over WebSocket, and no other page', async () => {
    const opens = (origin: string | undefined) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${node.wsPort}/mqtt`, 'mqtt', origin === undefined ? {} : { origin });
        socket.once('open', () => {
          socket.close();
          resolve('opened');
        });
        socket.once('error', (error) => resolve(error.message));
      });
    expect(await opens(undefined)).toBe('opened');
    expect(await opens(`http://127.0.0.1:${node.httpPort}`)).toBe('opened');
    expect(await opens(`http://localhost:${node.httpPort}`)).toBe('opened');
    expect(await opens('http://localhost:8083')).toBe('opened');
    expect(await opens('https://attacker.example')).toContain('403');
    expect(await opens(`http://127.0.0.1:${node.httpPort + 1}`)).toContain('403');
  });

  it('refuses a page whose own host name leads to the node (DNS rebinding): the console\'s origin comes from the configuration, not from Host', async () => {
    // The attacker's name resolves to the node: the browser sends that name as Origin and as Host alike.
    const outcome = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${node.wsPort}/mqtt`, 'mqtt', { origin: `http://evil.example:${node.httpPort}`, headers: { Host: `evil.example:${node.wsPort}` } });
      socket.once('open', () => {
        socket.close();
        resolve('opened');
      });
      socket.once('error', (error) => resolve(error.message));
    });
    expect(outcome).toContain('403');
  });
});

const MiB = 1024 * 1024;

/** A WebSocket upgraded through Node's HTTP client and left as raw bytes: frames are what the test writes. */
function upgradeRaw(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/mqtt',
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64'), 'Sec-WebSocket-Protocol': 'mqtt' },
    });
    request.once('upgrade', (_response, socket: net.Socket) => resolve(socket));
    request.once('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    request.once('error', reject);
    request.end();
  });
}

/** The status code of the server's close frame (RFC 6455 section 5.5.1), once the connection has closed or WAIT_MS passed. */
function closeCode(socket: net.Socket): Promise<number | undefined> {
  const received: Buffer[] = [];
  socket.on('data', (data: Buffer) => received.push(data));
  socket.on('error', () => undefined);
  return new Promise((resolve) => {
    const answer = () => {
      clearTimeout(timer);
      const bytes = Buffer.concat(received);
      // A close frame from the server: opcode 8, unmasked, its payload starting with the code.
      resolve(bytes.length >= 4 && (bytes[0]! & 0x0f) === 0x8 ? bytes.readUInt16BE(2) : undefined);
    };
    const timer = setTimeout(answer, WAIT_MS);
    socket.once('close', answer);
  });
}

describe('what MQTT over WebSocket can make the node hold', () => {
  it('closes a connection whose frame before CONNECT announces 100 MiB (close 1009) without reading it', async () => {
    const socket = await upgradeRaw(node.wsPort);
    const closed = closeCode(socket);
    const before = process.memoryUsage().arrayBuffers;
    // FIN + binary frame, masked (as a client's must be), 64-bit length: 100 MiB.
    const header = Buffer.alloc(14);
    header[0] = 0x82;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(100 * MiB), 2);
    socket.write(header);
    // 16 MiB of it (one buffer written again and again: the test itself holds 1 MiB).
    const part = Buffer.alloc(MiB, 0x61);
    for (let sent = 0; sent < 16 && !socket.destroyed; sent += 1) socket.write(part);
    const code = await closed;
    // Unbounded, the node held every byte of the frame that came, waiting for the rest.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * MiB);
    expect(code).toBe(1009);
  });

  it('takes packets up to the Maximum Packet Size once the client is in, beyond the CONNECT limit', async () => {
    const url = `ws://127.0.0.1:${node.wsPort}/mqtt`;
    const subscriber = await connect(url, { clientId: 'ws-large-sub' });
    const publisher = await connect(url, { clientId: 'ws-large-pub' });
    await subscriber.subscribeAsync('large/payload', { qos: 1 });
    const received = nextMessage(subscriber);
    // 100 KiB: well past the 16 KiB a connection may send before CONNACK, within the 256 KiB Maximum Packet Size.
    const payload = 'p'.repeat(100 * 1024);
    await publisher.publishAsync('large/payload', payload, { qos: 1 });
    expect((await received).payload).toBe(payload);
  });

  it('closes a connection that never finishes its upgrade request', async () => {
    const socket = net.connect(node.wsPort, '127.0.0.1');
    socket.write(`GET /mqtt HTTP/1.1\r\nHost: 127.0.0.1:${node.wsPort}\r\nUpgrade: websocket\r\n`);
    const answer: Buffer[] = [];
    socket.on('data', (data: Buffer) => answer.push(data));
    socket.on('error', () => undefined);
    // Node's own limit was 60 s, checked every 30 s: a peer could hold the connection for 90 s.
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), WAIT_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    socket.destroy();
    expect(closed).toBe(true);
    expect(Buffer.concat(answer).toString()).toContain('408');
  });
});
