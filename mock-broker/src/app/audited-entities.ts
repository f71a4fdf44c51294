import type { EntityReader } from '../audit-log/audit-recorder.js';
import type { AuditLogEntityType } from '../audit-log/audit-log-entry.js';
import type { SettingsRepository } from '../settings/settings-repository.js';
import { answerOf } from '../users/user.js';
import type { Accounts } from './accounts.js';
import type { ClientAccess } from './client-access.js';

export interface AuditedAreas {
  accounts: Accounts;
  clientAccess: ClientAccess;
  settings: SettingsRepository;
  alerts: { read: EntityReader };
  integrations: { read: EntityReader };
}

/** What an audit entry shows before and after a change: each entity as the API answers it, by id (settings by key). */
export function auditedEntityReaders({ accounts, clientAccess, settings, alerts, integrations }: AuditedAreas): Partial<Record<AuditLogEntityType, EntityReader>> {
  return {
    USER: (id) => {
      const user = accounts.users.findById(id);
      return user && answerOf(user);
    },
    MQTT_CLIENT_CREDENTIALS: (id) => clientAccess.credentials.get(id),
    MQTT_AUTH_PROVIDER: (id) => clientAccess.providers.get(id),
    ADMIN_SETTINGS: (key) => settings.find(key),
    SECURITY_SETTINGS: (key) => settings.find(key),
    ALERT_RULE: alerts.read,
    INTEGRATION: integrations.read,
  };
}
