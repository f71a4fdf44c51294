import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/database/database.js';
import { migrations } from '../../../src/database/migrations.js';
import { SettingsRepository } from '../../../src/settings/settings-repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STORED_MAIL = { mailFrom: 'Ops <ops@example.com>', smtpProtocol: 'smtp', smtpHost: 'mail.example.com', smtpPort: 587, timeout: 10000, enableTls: true };

/** A data directory whose database file a release before migration 16 wrote: its schema, a mail row, a sample. */
function dataDirectoryBefore16(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-old-settings-'));
  const database = new sqlite.Database(path.join(dataDir, 'starling.sqlite'));
  database.exec('CREATE TABLE schema_migration (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  for (const migration of migrations.filter(({ version }) => version < 16)) {
    database.exec(migration.sql);
    database.run('INSERT INTO schema_migration (version, applied_at) VALUES (?, 0)', [migration.version]);
  }
  database.run("INSERT INTO admin_settings (key, json_value) VALUES ('mail', ?)", [JSON.stringify(STORED_MAIL)]);
  database.run("INSERT INTO timeseries_sample (entity_id, ts, incoming_msgs) VALUES ('node-a', 1000, 5)");
  database.close();
  return dataDir;
}

describe('migrations 16 and 17 on a database file of an earlier release', () => {
  it('gives the stored mail row an id and a creation time, keeps its value, and keeps them on the next start', () => {
    const dataDir = dataDirectoryBefore16();
    const before = Date.now();
    const database = openDatabase(dataDir);
    const stored = new SettingsRepository(database).stored<typeof STORED_MAIL>('mail');
    database.close();
    expect(stored?.value).toEqual(STORED_MAIL);
    expect(stored?.id).toMatch(UUID);
    expect(stored?.createdTime).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.createdTime).toBeLessThanOrEqual(Date.now() + 1000);

    const reopened = openDatabase(dataDir);
    const repository = new SettingsRepository(reopened);
    expect(repository.stored('mail')).toEqual(stored);
    // A save replaces the value under the same id and creation time.
    repository.save('mail', { ...STORED_MAIL, smtpPort: 465 });
    expect(repository.stored('mail')).toEqual({ ...stored, value: { ...STORED_MAIL, smtpPort: 465 } });
    reopened.close();
  });

  it('adds processedBytes to the time series, empty in the samples taken before', () => {
    const database = openDatabase(dataDirectoryBefore16());
    expect(database.get("SELECT incoming_msgs, processed_bytes FROM timeseries_sample WHERE entity_id = 'node-a'")).toEqual({ incoming_msgs: 5, processed_bytes: null });
    database.close();
  });
});
