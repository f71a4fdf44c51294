import type { IConnectPacket, IPubcompPacket } from 'mqtt-packet';
import { afterEach, expect, it } from 'vitest';
import { incomingRows } from '../../../src/mqtt/persistence/persistence-rows.js';
import { RawClients, type RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { BrokerProcess } from '../../support/node/broker-process.js';
import { readStoppedDatabase } from '../../support/node/stopped-database.js';

/**
 * A QoS 2 PUBLISH answered with PUBREC and never released is session state (MQTT 5 section 4.1,
 * MQTT 3.1.1 section 3.1.2.4). A crash (SIGKILL: no shutdown code runs) leaves it in the SQLite
 * file whatever session it belonged to. At the next start it stays only with a session that
 * outlives its connections: a client whose session ended with the process is told Session
 * Present 0 and starts its packet ids afresh, so a message of its under an old id is a new one.
 */
let broker: BrokerProcess | undefined;
let raw: RawClients | undefined;

afterEach(async () => {
  raw?.closeAll();
  raw = undefined;
  await broker?.destroy();
  broker = undefined;
});

type Session = { clientId: string; protocolVersion: 4 | 5; connect: Partial<IConnectPacket> };

const ENDING_WITH_CONNECTION: Session[] = [
  { clientId: 'crash-clean-session', protocolVersion: 4, connect: { clean: true } },
  { clientId: 'crash-expiry-zero', protocolVersion: 5, connect: { clean: true } },
];
const PERSISTENT: Session = { clientId: 'crash-persistent', protocolVersion: 5, connect: { clean: false, properties: { sessionExpiryInterval: 600 } } };

async function publishUnreleased(client: RawMqttClient, payload: string): Promise<void> {
  client.publish('unreleased/t', payload, { qos: 2, messageId: 1 });
  expect(await client.next('pubrec')).toMatchObject({ messageId: 1 });
}

async function release(client: RawMqttClient): Promise<void> {
  client.send({ cmd: 'pubrel', messageId: 1 });
  expect(((await client.next('pubcomp')) as IPubcompPacket).messageId).toBe(1);
}

/** The client ids with unreleased QoS 2 publishes in the stopped broker's SQLite file. */
const storedIn = (dataDir: string): string[] => readStoppedDatabase(dataDir, (database) => incomingRows.load(database).map((row) => row.clientId).sort());

it('keeps the unreleased QoS 2 publishes of persistent sessions only: a session that ended with the process takes them with it', async () => {
  const running = await BrokerProcess.create();
  broker = running;
  await running.start();
  const clients = new RawClients(() => running.mqttPort);
  raw = clients;
  for (const { clientId, protocolVersion, connect } of [...ENDING_WITH_CONNECTION, PERSISTENT]) {
    const { client } = await clients.connect({ clientId, ...connect }, { protocolVersion });
    await publishUnreleased(client, `${clientId} before the crash`);
  }
  await running.kill();
  clients.closeAll();
  expect(storedIn(running.dataDir)).toEqual([...ENDING_WITH_CONNECTION, PERSISTENT].map((session) => session.clientId).sort());

  await running.start();
  const { client: watcher } = await clients.connect({ clientId: 'crash-watcher' }, { autoAcknowledge: true });
  await watcher.subscribe('unreleased/#', { qos: 2 });

  // Without Clean Start, so that nothing but the restart could have let the old packet id go.
  for (const { clientId, protocolVersion } of ENDING_WITH_CONNECTION) {
    const { client, connack } = await clients.connect({ clientId, clean: false, ...(protocolVersion === 5 ? { properties: { sessionExpiryInterval: 0 } } : {}) }, { protocolVersion });
    expect(connack.sessionPresent).toBe(false);
    await publishUnreleased(client, `${clientId} after the restart`);
    await release(client);
    expect((await watcher.nextPublish()).payload.toString()).toBe(`${clientId} after the restart`);
  }

  // The persistent session's PUBLISH sent again is still recognised: released once, never delivered twice.
  const { client: back, connack } = await clients.connect({ clientId: PERSISTENT.clientId, ...PERSISTENT.connect }, { protocolVersion: PERSISTENT.protocolVersion });
  expect(connack.sessionPresent).toBe(true);
  back.publish('unreleased/t', `${PERSISTENT.clientId} before the crash`, { qos: 2, messageId: 1, dup: true });
  expect(await back.next('pubrec')).toMatchObject({ messageId: 1 });
  await release(back);
  expect(await watcher.settle('publish')).toEqual([]);
}, 240_000);

it('keeps a packet id, not the payload, of each QoS 2 publish an MQTT 3.1.1 client leaves unreleased', async () => {
  // MQTT 3.1.1 has no Receive Maximum: a client may hold back its PUBRELs for up to 65,535 packet ids.
  const UNRELEASED = 40;
  const payload = (index: number) => Buffer.alloc(200 * 1024, index);
  const running = await BrokerProcess.create();
  broker = running;
  await running.start();
  const clients = new RawClients(() => running.mqttPort);
  raw = clients;
  const { client: watcher } = await clients.connect({ clientId: 'receipt-watcher' }, { autoAcknowledge: true });
  await watcher.subscribe('held/#', { qos: 2 });
  const session = { clientId: 'receipt-holder', clean: false };
  const { client: holder } = await clients.connect(session, { protocolVersion: 4 });
  for (let index = 1; index <= UNRELEASED; index++) holder.publish(`held/${index}`, payload(index), { qos: 2, messageId: index });
  for (let index = 1; index <= UNRELEASED; index++) expect(await holder.next('pubrec')).toMatchObject({ messageId: index });
  // Published on arrival, whole, before any PUBREL.
  for (let index = 1; index <= UNRELEASED; index++) {
    const delivered = await watcher.nextPublish();
    expect({ topic: delivered.topic, payload: Buffer.compare(delivered.payload as Buffer, payload(index)) }).toEqual({ topic: `held/${index}`, payload: 0 });
  }
  await running.kill();
  clients.closeAll();
  const held = readStoppedDatabase(running.dataDir, (database) => database.get('SELECT count(*) AS packets, sum(coalesce(length(payload), 0)) AS payloadBytes FROM mqtt_incoming_packet WHERE client_id = ?', ['receipt-holder']));
  expect(held).toEqual({ packets: UNRELEASED, payloadBytes: 0 });

  // After the restart each id is still recognised: sent again it is released, not delivered twice.
  await running.start();
  const { client: watcherBack } = await clients.connect({ clientId: 'receipt-watcher-2' }, { autoAcknowledge: true });
  await watcherBack.subscribe('held/#', { qos: 2 });
  const { client: back, connack } = await clients.connect(session, { protocolVersion: 4 });
  expect(connack.sessionPresent).toBe(true);
  for (const index of [1, UNRELEASED]) {
    back.publish(`held/${index}`, payload(index), { qos: 2, messageId: index, dup: true });
    expect(await back.next('pubrec')).toMatchObject({ messageId: index });
    back.send({ cmd: 'pubrel', messageId: index });
    expect(await back.next('pubcomp')).toMatchObject({ messageId: index });
  }
  expect(await watcherBack.settle('publish')).toEqual([]);
}, 240_000);
