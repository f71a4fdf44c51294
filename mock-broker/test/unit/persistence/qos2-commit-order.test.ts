import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { openPersistence, type PersistenceOnDisk } from '../../support/node/persistence-store.js';

// Aedes delivers a QoS 2 message and sends its PUBREC once outgoingEnqueueCombi resolves, sends
// the PUBCOMP once incomingDelPacket resolves, and the PUBREL to a subscriber once outgoingUpdate
// resolves (patches/README.md, 002). Each must wait for the commit of what it answers for, or a
// SIGKILL right after the packet left breaks exactly-once delivery (MQTT 5.0 section 4.3.3).
// The commit is made to fail (its table renamed away) to show who waits for it.

let store: PersistenceOnDisk;

beforeEach(async () => {
  // A short retry interval: a failed commit is retried soon after its table is back.
  store = await openPersistence({ flushIntervalMs: 5, onFlushError: () => undefined });
});
afterEach(() => store.destroy());

const till = { id: 'till-3' };
const order = (qos: number, brokerCounter: number): PersistedPacket => ({
  cmd: 'publish',
  topic: 'orders/1',
  payload: Buffer.from(`order-${brokerCounter}`),
  qos,
  retain: false,
  dup: false,
  brokerId: store.broker.id,
  brokerCounter,
});

/** Whether the promise settled by the time the turns already queued have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return settled;
}

function withTableParked<T>(table: string, work: () => Promise<T>): Promise<T> {
  store.database.exec(`ALTER TABLE ${table} RENAME TO parked`);
  return work().finally(() => store.database.exec(`ALTER TABLE parked RENAME TO ${table}`));
}

const rows = (table: string) => store.database.all(`SELECT * FROM ${table}`).length;

it('lets a QoS 2 message go on to delivery and PUBREC only once its packet id and queue entries are committed', async () => {
  const { persistence } = store;
  let enqueued: Promise<void> | undefined;
  await withTableParked('mqtt_incoming_packet', async () => {
    await persistence.incomingStorePacket(till, { ...order(2, 1), messageId: 7 });
    enqueued = persistence.outgoingEnqueueCombi([{ clientId: 'ledger' }], order(2, 1));
    expect(await settledSoon(enqueued)).toBe(false);
  });
  await enqueued;
  expect({ incoming: rows('mqtt_incoming_packet'), queued: rows('mqtt_outgoing_message') }).toEqual({ incoming: 1, queued: 1 });
});

it('lets a QoS 1 message go on at once: only its PUBACK waits for the commit (acknowledge-once-stored.test.ts)', async () => {
  await withTableParked('mqtt_outgoing_message', async () => {
    expect(await settledSoon(store.persistence.outgoingEnqueueCombi([{ clientId: 'ledger' }], order(1, 2)))).toBe(true);
  });
});

it('sends the PUBCOMP for a released packet id only once its removal is committed', async () => {
  const { persistence } = store;
  await persistence.incomingStorePacket(till, { ...order(2, 1), messageId: 7 });
  await persistence.outgoingEnqueueCombi([], order(2, 1));
  let released: Promise<void> | undefined;
  await withTableParked('mqtt_incoming_packet', async () => {
    released = persistence.incomingDelPacket(till, { messageId: 7 });
    expect(await settledSoon(released)).toBe(false);
  });
  await released;
  expect(rows('mqtt_incoming_packet')).toBe(0);
});

it('sends the PUBREL to a subscriber only once the pubrel replacing its message is committed', async () => {
  const { persistence } = store;
  const ledger = { id: 'ledger' };
  await persistence.outgoingEnqueueCombi([{ clientId: ledger.id }], order(2, 1));
  await persistence.outgoingUpdate(ledger, { ...order(2, 1), messageId: 3 });
  let releasing: Promise<void> | undefined;
  await withTableParked('mqtt_outgoing_message', async () => {
    releasing = persistence.outgoingUpdate(ledger, { cmd: 'pubrel', messageId: 3 });
    expect(await settledSoon(releasing)).toBe(false);
  });
  await releasing;
  expect(store.database.all('SELECT packet FROM mqtt_outgoing_message').map((row) => JSON.parse(String(row.packet)).cmd)).toEqual(['pubrel']);
});

it('sends a QoS 2 PUBLISH to a subscriber only once its packet id is committed, a QoS 1 one at once', async () => {
  const { persistence } = store;
  const ledger = { id: 'ledger' };
  await persistence.outgoingEnqueueCombi([{ clientId: ledger.id }], order(2, 1));
  await persistence.outgoingEnqueueCombi([{ clientId: ledger.id }], order(1, 2));
  let numbering: Promise<void> | undefined;
  await withTableParked('mqtt_outgoing_message', async () => {
    // A crash after an unrecorded id left would resend the message under another id: a duplicate.
    numbering = persistence.outgoingUpdate(ledger, { ...order(2, 1), messageId: 4 });
    expect(await settledSoon(numbering)).toBe(false);
    expect(await settledSoon(persistence.outgoingUpdate(ledger, { ...order(1, 2), messageId: 5 }))).toBe(true);
  });
  await numbering;
  const ids = store.database.all('SELECT packet FROM mqtt_outgoing_message').map((row) => JSON.parse(String(row.packet)).messageId);
  expect(ids.sort()).toEqual([4, 5]);
});
