import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { eventually, WAIT_MS } from '../support/waits.js';

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
    expect(await opens('http://localhost:8083')).toBe('opened');
    expect(await opens('https://attacker.example')).toContain('401');
    expect(await opens(`http://127.0.0.1:${node.httpPort + 1}`)).toContain('401');
  });
});
