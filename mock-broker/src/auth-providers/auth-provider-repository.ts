import { randomUUID } from 'node:crypto';
import type { Database, Row } from '../database/database.js';
import { type AuthProvider, DEFAULT_ENABLED, defaultConfiguration, PROVIDER_DESCRIPTIONS, PROVIDER_TYPES, type ProviderConfiguration, type ProviderType } from './auth-provider.js';

const providerOf = (row: Row): AuthProvider => ({
  id: String(row.id),
  createdTime: Number(row.created_time),
  enabled: Number(row.enabled) === 1,
  type: String(row.type) as ProviderType,
  configuration: JSON.parse(String(row.configuration)) as ProviderConfiguration,
  additionalInfo: { description: String(row.description) },
});

/** The providers' rows; a type without one gets it, with its defaults, when the repository opens. */
export class AuthProviderRepository {
  constructor(private readonly database: Database) {
    const present = new Set(database.all('SELECT type FROM mqtt_auth_provider').map((row) => String(row.type)));
    const now = Date.now();
    for (const type of PROVIDER_TYPES) {
      if (present.has(type)) continue;
      database.run('INSERT INTO mqtt_auth_provider (id, type, enabled, configuration, description, created_time) VALUES (?, ?, ?, ?, ?, ?)', [
        randomUUID(),
        type,
        DEFAULT_ENABLED[type] ? 1 : 0,
        JSON.stringify(defaultConfiguration(type)),
        PROVIDER_DESCRIPTIONS[type],
        now,
      ]);
    }
  }

  all(): AuthProvider[] {
    return this.database.all('SELECT id, type, enabled, configuration, description, created_time FROM mqtt_auth_provider').map(providerOf);
  }

  update(provider: AuthProvider): void {
    this.database.run('UPDATE mqtt_auth_provider SET enabled = ?, configuration = ? WHERE id = ?', [provider.enabled ? 1 : 0, JSON.stringify(provider.configuration), provider.id]);
  }
}
