import { randomUUID } from 'node:crypto';
import type { Database } from '../database/database.js';

/** A stored row as the production broker keeps it: its id and when it was created, beside the value. */
export interface StoredSettings<T> {
  id: string;
  createdTime: number;
  value: T;
}

/** Administrator settings stored as JSON under a key (BROKER-API.md: /api/admin/settings/{key}). */
export class SettingsRepository {
  constructor(private readonly database: Database) {}

  find<T>(key: string): T | undefined {
    return this.stored<T>(key)?.value;
  }

  stored<T>(key: string): StoredSettings<T> | undefined {
    const row = this.database.get('SELECT id, created_time, json_value FROM admin_settings WHERE key = ?', [key]);
    return row ? { id: String(row.id), createdTime: Number(row.created_time), value: JSON.parse(String(row.json_value)) as T } : undefined;
  }

  /** Replaces the value; a new row gets its id and creation time, which a replaced one keeps. */
  save(key: string, value: unknown): void {
    this.database.run(
      'INSERT INTO admin_settings (key, json_value, id, created_time) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET json_value = excluded.json_value',
      [key, JSON.stringify(value), randomUUID(), Date.now()],
    );
  }
}
