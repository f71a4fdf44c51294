import type { IConnectPacket, IPubcompPacket } from 'mqtt-packet';
import { afterEach, expect, it } from 'vitest';
import { claimDataDirectory } from '../../../src/database/data-directory-claim.js';
import { openDatabase } from '../../../src/database/database.js';
import { incomingRows } from '../../../src/mqtt/persistence/persistence-rows.js';
import { RawClients, type RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { BrokerProcess } from '../../support/node/broker-process.js';

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
function storedIn(dataDir: string): string[] {
  const releaseClaim = claimDataDirectory(dataDir);
  const database = openDatabase(dataDir);
  try {
    return incomingRows.load(database).map((row) => row.clientId).sort();
  } finally {
    database.close();
    releaseClaim();
  }
}

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
