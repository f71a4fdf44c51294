import type { Database } from '../database/database.js';

/** Administrator settings stored as JSON under a key (BROKER-API.md: /api/admin/settings/{key}). */
export class SettingsRepository {
  constructor(private readonly database: Database) {}

  find<T>(key: string): T | undefined {
    const row = this.database.get('SELECT json_value FROM admin_settings WHERE key = ?', [key]);
    return row ? (JSON.parse(String(row.json_value)) as T) : undefined;
  }

  save(key: string, value: unknown): void {
    this.database.run('INSERT INTO admin_settings (key, json_value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json_value = excluded.json_value', [
      key,
      JSON.stringify(value),
    ]);
  }
}
