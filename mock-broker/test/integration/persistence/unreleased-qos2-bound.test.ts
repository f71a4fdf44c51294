import type { IDisconnectPacket, IPubrecPacket, IPublishPacket, Packet } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { RawClients, type RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

/** The broker's Receive Maximum, which bounds the QoS 2 publishes a session holds unreleased. */
const RECEIVE_MAXIMUM = 4;
const suite = useBrokerSuite({ receiveMaximum: RECEIVE_MAXIMUM });
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const qos2 = (topic: string, messageId: number, dup = false) => ({ cmd: 'publish', topic, payload: Buffer.from(`m${messageId}`), qos: 2, messageId, retain: false, dup }) as Packet;

/** Sends a QoS 2 PUBLISH and reads its PUBREC, holding back the PUBREL. */
async function unreleased(client: RawMqttClient, topic: string, messageId: number): Promise<void> {
  client.send(qos2(topic, messageId));
  expect(((await client.next('pubrec')) as IPubrecPacket).messageId).toBe(messageId);
}

async function watcher(topic: string): Promise<RawMqttClient> {
  const { client } = await raw.connect({ clientId: `watch-${topic.replace(/\W/g, '-')}` });
  await client.subscribe(topic, { qos: 0 });
  return client;
}

describe('QoS 2 publishes a session holds unreleased are bounded across its connections', () => {
  it('MQTT 5: a new one past the Receive Maximum, with the others kept from an earlier connection, gets DISCONNECT 0x93 and is not published; a repeat of a held one is answered', async () => {
    const watch = await watcher('held/five');
    const session = { clientId: 'pubrel-hoarder', clean: false, properties: { sessionExpiryInterval: 600 } };
    const { client: first } = await raw.connect(session);
    for (const messageId of [1, 2, 3]) await unreleased(first, 'held/five', messageId);
    first.disconnect();
    expect(await first.waitClosed()).toBe(true);

    const { client: second, connack } = await raw.connect(session);
    expect(connack.sessionPresent).toBe(true);
    await unreleased(second, 'held/five', 4);
    // A PUBLISH again under a held packet id takes no new place: it is answered with its PUBREC.
    second.send(qos2('held/five', 1, true));
    expect(((await second.next('pubrec')) as IPubrecPacket).messageId).toBe(1);
    second.send(qos2('held/five', 5));
    expect(((await second.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x93);
    expect(await second.waitClosed()).toBe(true);

    const published = (await watch.collect('publish', 300)).map((packet) => (packet as IPublishPacket).payload.toString());
    expect(published).toEqual(['m1', 'm2', 'm3', 'm4']);

    // Released, they free their places.
    const { client: third } = await raw.connect(session);
    for (const messageId of [1, 2]) {
      third.send({ cmd: 'pubrel', messageId } as Packet);
      expect((await third.next('pubcomp')).messageId).toBe(messageId);
    }
    await unreleased(third, 'held/five', 5);
    expect((await watch.nextPublish()).payload.toString()).toBe('m5');
  });

  it('MQTT 3.1.1, which has no Receive Maximum: a new one past the bound closes the connection, unpublished', async () => {
    const watch = await watcher('held/three');
    const { client } = await raw.connect({ clientId: 'legacy-hoarder', clean: false }, { protocolVersion: 4 });
    for (const messageId of [11, 12, 13, 14]) await unreleased(client, 'held/three', messageId);
    client.send(qos2('held/three', 15));
    expect(await client.waitClosed()).toBe(true);
    expect(client.received.some((packet) => packet.cmd === 'pubrec' && packet.messageId === 15)).toBe(false);
    const published = (await watch.collect('publish', 300)).map((packet) => (packet as IPublishPacket).payload.toString());
    expect(published).toEqual(['m11', 'm12', 'm13', 'm14']);
  });
});
