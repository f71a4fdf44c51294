import { describe, expect, it } from 'vitest';
import { closed, rawConnection, rawPackets } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

const suite = useBrokerSuite();

describe('client identifiers', () => {
  it('accepts an empty client id with a clean session (MQTT 3.1.1)', async () => {
    const client = await suite.clients.connect({ protocolVersion: 4, clientId: '', clean: true });
    expect(suite.clients.connack(client)?.returnCode).toBe(0);
  });

  it('refuses an empty client id with a persistent session with return code 2 (MQTT 3.1.1)', async () => {
    const socket = await rawConnection(suite.node);
    const packets = rawPackets(socket);
    // mqtt-packet will not encode this CONNECT, so it is written byte by byte:
    // fixed header, "MQTT", level 4, flags 0 (no clean session), keep-alive 30, empty client id.
    socket.write(Buffer.from([0x10, 0x0c, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x00, 0x00, 0x1e, 0x00, 0x00]));
    expect(await closed(socket)).toBe(true);
    expect(packets).toEqual([expect.objectContaining({ cmd: 'connack', returnCode: 2 })]);
  });

  it('assigns a client id to an MQTT 5 client that sends none, and lists it under that id', async () => {
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: '' });
    const assigned = suite.clients.connack(client)?.properties?.assignedClientIdentifier;
    expect(assigned).toMatch(/\S+/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(suite.node.mqtt.sessions.get(assigned as string)?.connectionState).toBe('CONNECTED');
  });

  it('tells a returning client whether its session was present', async () => {
    const options = { protocolVersion: 4 as const, clientId: 'present-check', clean: false };
    const first = await suite.clients.connect(options);
    expect(suite.clients.connack(first)?.sessionPresent).toBe(false);
    await first.subscribeAsync('present/t', { qos: 1 });
    await first.endAsync();
    const second = await suite.clients.connect(options);
    expect(suite.clients.connack(second)?.sessionPresent).toBe(true);
    await second.endAsync();
    const clean = await suite.clients.connect({ ...options, clean: true });
    expect(suite.clients.connack(clean)?.sessionPresent).toBe(false);
  });
});
