import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'aedes';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/database/database.js';
import { acknowledgeOnceStored } from '../../../src/mqtt/flow/acknowledge-once-stored.js';
import type { SendPacket } from '../../../src/mqtt/flow/connection-flow.js';
import { WriteBehind } from '../../../src/mqtt/persistence/write-behind.js';
import { eventually } from '../../support/checks/waits.js';

const client = { id: 'meter-1' } as Client;
let dataDir: string;
let database: Database;
let journal: WriteBehind;
let sent: { cmd: string; messageId?: number }[];
const send: SendPacket = (_client, packet, done) => {
  sent.push(packet as { cmd: string });
  done();
};

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-acknowledge-'));
  database = openDatabase(dataDir);
  database.exec('CREATE TABLE note (id INTEGER PRIMARY KEY)');
  journal = new WriteBehind(database, { flushIntervalMs: 60_000, onFlushError: () => undefined });
  sent = [];
});

afterEach(() => {
  journal.close();
  database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const note = (id: number) => journal.schedule(`note:${id}`, 'INSERT INTO note (id) VALUES (?)', () => [id]);
const stored = () => database.all('SELECT id FROM note').length;

it('sends PUBACKs once the changes before them are committed, in order, while Aedes goes on at once', async () => {
  const hook = acknowledgeOnceStored(journal);
  const handled: number[] = [];
  // The commit fails until the table is back: the PUBACKs wait as long.
  database.exec('ALTER TABLE note RENAME TO parked');
  note(1);
  hook(client, { cmd: 'puback', messageId: 1 }, () => handled.push(1), send);
  note(2);
  hook(client, { cmd: 'puback', messageId: 2 }, () => handled.push(2), send);
  // Not a PUBACK: out at once.
  hook(client, { cmd: 'pubrec', messageId: 3 }, () => handled.push(3), send);
  await eventually(() => expect(handled).toEqual([3, 1, 2]));
  expect(sent).toEqual([{ cmd: 'pubrec', messageId: 3 }]);

  database.exec('ALTER TABLE parked RENAME TO note');
  journal.flush();
  expect(stored()).toBe(2);
  expect(sent).toEqual([
    { cmd: 'pubrec', messageId: 3 },
    { cmd: 'puback', messageId: 1 },
    { cmd: 'puback', messageId: 2 },
  ]);
});

it('never sends a PUBACK for changes the store closed without committing', async () => {
  database.exec('ALTER TABLE note RENAME TO parked');
  note(1);
  acknowledgeOnceStored(journal)(client, { cmd: 'puback', messageId: 1 }, () => undefined, send);
  journal.close();
  database.exec('ALTER TABLE parked RENAME TO note');
  expect(sent).toEqual([]);
});
