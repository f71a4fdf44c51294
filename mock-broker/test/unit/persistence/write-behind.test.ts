import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../src/database/database.js';
import { WriteBehind } from '../../../src/mqtt/persistence/write-behind.js';
import { eventually } from '../../support/checks/waits.js';

let dataDir: string;
let database: Database;
let journal: WriteBehind;
let failures: unknown[];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-journal-'));
  database = openDatabase(dataDir);
  database.exec('CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  failures = [];
  // An interval far longer than any test: whatever is committed was committed because someone waited.
  journal = new WriteBehind(database, { flushIntervalMs: 60_000, onFlushError: (error) => failures.push(error) });
});

afterEach(() => {
  try {
    journal.close();
  } finally {
    database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const note = (id: number, text = `note ${id}`) => journal.schedule(`note:${id}`, 'INSERT OR REPLACE INTO note (id, text) VALUES (?, ?)', () => [id, text]);

/**
 * What the file holds: only committed rows (the connection keeps the file to itself, and changes
 * not yet written exist in the write-behind's memory only).
 */
function committed(): number[] {
  return database.all('SELECT id FROM note ORDER BY id').map((row) => Number(row.id));
}

describe('WriteBehind.afterStored and whenStored', () => {
  it('resolves once the changes scheduled before it are committed, all in one transaction', async () => {
    const commits: number[] = [];
    const run = database.exec.bind(database);
    database.exec = (sql: string) => {
      if (sql === 'COMMIT') commits.push(Date.now());
      return run(sql);
    };
    note(1);
    const first = journal.whenStored();
    note(2);
    const second = journal.whenStored();
    expect(committed()).toEqual([]);
    await Promise.all([first, second]);
    expect(committed()).toEqual([1, 2]);
    expect(commits).toHaveLength(1);
  });

  it('resolves at once when nothing is waiting to be written', async () => {
    await expect(journal.whenStored()).resolves.toBeUndefined();
  });

  it('calls back in the order asked, also a caller that came when everything was written but others still waited', async () => {
    const calls: string[] = [];
    note(1);
    journal.afterStored(() => calls.push('first'));
    // Cancelled before the commit: nothing is pending, yet the first caller has not been answered.
    journal.cancel('note:1');
    journal.afterStored(() => calls.push('second'));
    expect(calls).toEqual([]);
    await journal.whenStored();
    expect(calls).toEqual(['first', 'second']);
    journal.afterStored(() => calls.push('third'));
    expect(calls).toEqual(['first', 'second', 'third']);
  });

  it('keeps waiting while the batch cannot be committed, and resolves once it is', async () => {
    database.exec('ALTER TABLE note RENAME TO parked');
    note(1);
    let stored = false;
    const waiting = journal.whenStored().then(() => (stored = true));
    await eventually(() => expect(failures).not.toHaveLength(0));
    expect(stored).toBe(false);

    database.exec('ALTER TABLE parked RENAME TO note');
    journal.flush();
    await waiting;
    expect(committed()).toEqual([1]);
  });

  it('reports a run of failing commits once, then once a minute while it lasts, not at every retry', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
    const reported: unknown[] = [];
    const retrying = new WriteBehind(database, { flushIntervalMs: 25, onFlushError: (error) => reported.push(error) });
    try {
      database.exec('ALTER TABLE note RENAME TO parked');
      retrying.schedule('note:1', 'INSERT INTO note (id, text) VALUES (?, ?)', () => [1, 'one']);
      // A retry every 25 ms: 2,400 failed commits in a minute.
      vi.advanceTimersByTime(59_000);
      expect(reported).toHaveLength(1);
      vi.advanceTimersByTime(2_000);
      expect(reported).toHaveLength(2);

      database.exec('ALTER TABLE parked RENAME TO note');
      vi.advanceTimersByTime(100);
      expect(retrying.pendingCount).toBe(0);
      // A later failure starts a run of its own: reported at once.
      database.exec('ALTER TABLE note RENAME TO parked');
      retrying.schedule('note:2', 'INSERT INTO note (id, text) VALUES (?, ?)', () => [2, 'two']);
      vi.advanceTimersByTime(100);
      expect(reported).toHaveLength(3);
      database.exec('ALTER TABLE parked RENAME TO note');
      vi.advanceTimersByTime(100);
      expect(committed()).toEqual([1, 2]);
    } finally {
      retrying.close();
      vi.useRealTimers();
    }
  });

  it('rejects when the store closes before the batch could be committed', async () => {
    database.exec('ALTER TABLE note RENAME TO parked');
    note(1);
    const waiting = journal.whenStored();
    journal.close();
    await expect(waiting).rejects.toThrow('closed');
    database.exec('ALTER TABLE parked RENAME TO note');
  });
});
