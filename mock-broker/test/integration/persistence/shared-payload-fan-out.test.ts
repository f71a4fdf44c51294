import { randomBytes } from 'node:crypto';
import type { IPublishPacket } from 'mqtt-packet';
import { afterEach, expect, it } from 'vitest';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { BrokerProcess } from '../../support/node/broker-process.js';
import { useOneNodeAtATime } from '../../support/node/one-node-at-a-time.js';

/**
 * A message queued for many offline sessions keeps one stored copy of its payload, not one per
 * session, and every session still gets it whole after a restart. Observed in the SQLite file
 * the node leaves when it stops, and by the sessions' clients.
 */
const { raw, running, start, readAfterStop } = useOneNodeAtATime();
let killed: BrokerProcess | undefined;

afterEach(async () => {
  await killed?.destroy();
  killed = undefined;
});

const SESSIONS = Array.from({ length: 40 }, (_, index) => ({
  clientId: `offline-${index}`,
  // Both protocol versions keep a session: MQTT 5 by its expiry interval, 3.1.1 by CleanSession 0.
  protocolVersion: index % 4 === 0 ? (4 as const) : (5 as const),
}));
const resume = (protocolVersion: 4 | 5) => (protocolVersion === 5 ? { clean: false, properties: { sessionExpiryInterval: 600 } } : { clean: false });

interface StoredQueues {
  messages: number;
  /** Messages referring to a stored payload instead of holding their own. */
  referring: number;
  /** Payload bytes in the file: inline in queue rows and in stored payload rows. */
  payloadBytes: number;
  sharedRows: number;
}

/** Stops the node and reads what its file holds of the sessions' queues. */
function storedAfterStop(): Promise<StoredQueues> {
  return readAfterStop((database) => {
    const messages = database.get('SELECT count(*) AS n, count(payload_id) AS referring, coalesce(sum(length(payload)), 0) AS bytes FROM mqtt_outgoing_message') as Record<string, number>;
    const shared = database.get('SELECT count(*) AS n, coalesce(sum(length(payload)), 0) AS bytes FROM mqtt_outgoing_payload') as Record<string, number>;
    return { messages: Number(messages.n), referring: Number(messages.referring), payloadBytes: Number(messages.bytes) + Number(shared.bytes), sharedRows: Number(shared.n) };
  });
}

async function publishAcknowledged(publisher: RawMqttClient, messageId: number, payload: Buffer): Promise<void> {
  publisher.publish('fleet/update', payload, { qos: 1, messageId });
  expect(await publisher.next('puback')).toMatchObject({ messageId });
}

it('stores the payload of a message queued for many offline sessions about once, and delivers it whole to each after a restart', async () => {
  await start();
  for (const { clientId, protocolVersion } of SESSIONS) {
    const { client } = await raw.connect({ clientId, ...resume(protocolVersion) }, { protocolVersion });
    expect((await client.subscribe('fleet/#', { qos: 1 })).granted).toEqual([1]);
    client.disconnect();
    await client.waitClosed();
  }
  const firmware = randomBytes(64 * 1024);
  const notice = Buffer.from('small enough to stay in each row');
  const { client: publisher } = await raw.connect({ clientId: 'publisher' });
  await publishAcknowledged(publisher, 1, firmware);
  await publishAcknowledged(publisher, 2, notice);

  const stored = await storedAfterStop();
  expect(stored.messages).toBe(SESSIONS.length * 2);
  // The first session's row holds the large payload, the others refer to one stored copy.
  expect(stored.sharedRows).toBe(1);
  expect(stored.referring).toBe(SESSIONS.length - 1);
  expect(stored.payloadBytes).toBe(2 * firmware.length + SESSIONS.length * notice.length);

  await start({ dataDir: running().dataDir });
  for (const { clientId, protocolVersion } of SESSIONS) {
    const { client, connack } = await raw.connect({ clientId, ...resume(protocolVersion) }, { protocolVersion, autoAcknowledge: true });
    expect(connack.sessionPresent).toBe(true);
    const [first, second] = [await client.nextPublish(), await client.nextPublish()] as IPublishPacket[];
    expect(Buffer.compare(first?.payload as Buffer, firmware), `${clientId} got the large payload whole`).toBe(0);
    expect(second?.payload.toString()).toBe(notice.toString());
    // The acknowledgements are read before the client goes: nothing is left queued for it.
    await client.settle('publish');
    client.disconnect();
    await client.waitClosed();
  }

  // Acknowledged by every session, the messages are gone, and the stored payload with them.
  expect(await storedAfterStop()).toEqual({ messages: 0, referring: 0, payloadBytes: 0, sharedRows: 0 });
});

it('lets a stored payload go with the last session holding it, whether the sessions end or take their messages', async () => {
  await start();
  const sessions = SESSIONS.slice(0, 6);
  for (const { clientId, protocolVersion } of sessions) {
    const { client } = await raw.connect({ clientId, ...resume(protocolVersion) }, { protocolVersion });
    await client.subscribe('fleet/#', { qos: 1 });
    client.disconnect();
    await client.waitClosed();
  }
  const { client: publisher } = await raw.connect({ clientId: 'publisher' });
  await publishAcknowledged(publisher, 1, randomBytes(4096));
  // Half the sessions end (a Clean Start drops the queue), the other half take the message.
  for (const [index, { clientId, protocolVersion }] of sessions.entries()) {
    const ending = index % 2 === 0;
    const { client } = await raw.connect({ clientId, ...(ending ? { clean: true } : resume(protocolVersion)) }, { protocolVersion, autoAcknowledge: true });
    if (!ending) await client.nextPublish();
    await client.settle('publish');
    client.disconnect();
    await client.waitClosed();
  }
  expect(await storedAfterStop()).toEqual({ messages: 0, referring: 0, payloadBytes: 0, sharedRows: 0 });
});

it('keeps a shared payload it acknowledged through a SIGKILL the next instant: every session gets each message whole', { timeout: 240_000 }, async () => {
  killed = await BrokerProcess.create();
  await killed.start();
  const broker = killed;
  const open: RawMqttClient[] = [];
  const connect = async (clientId: string, autoAcknowledge = false) => {
    const { client, connack } = await RawMqttClient.connect({ port: broker.mqttPort, protocolVersion: 4, autoAcknowledge }, { clientId, clean: false, protocolVersion: 4 });
    open.push(client);
    return { client, connack };
  };
  try {
    const sessions = SESSIONS.slice(0, 12).map(({ clientId }) => clientId);
    for (const clientId of sessions) {
      const { client } = await connect(clientId);
      await client.subscribe('fleet/#', { qos: 1 });
      client.disconnect();
      await client.waitClosed();
    }
    const payloads = [randomBytes(32 * 1024), randomBytes(32 * 1024), randomBytes(1024)];
    const { client: publisher } = await connect('publisher');
    for (const [index, payload] of payloads.entries()) await publishAcknowledged(publisher, index + 1, payload);
    // Killed right after the last PUBACK: nothing pending gets written by shutdown code.
    await broker.kill();

    await broker.start();
    for (const clientId of sessions) {
      const { client, connack } = await connect(clientId, true);
      expect(connack.sessionPresent).toBe(true);
      const got: Buffer[] = [];
      for (const _ of payloads) got.push((await client.nextPublish()).payload as Buffer);
      expect(got.map((payload, index) => Buffer.compare(payload, payloads[index] as Buffer)), `${clientId} got every payload whole`).toEqual([0, 0, 0]);
      client.disconnect();
      await client.waitClosed();
    }
  } catch (error) {
    throw new Error(`${String(error)}\n${broker.log}`, { cause: error });
  } finally {
    for (const client of open) client.end();
  }
});
