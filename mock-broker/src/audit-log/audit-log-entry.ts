/** openapi.yaml AuditLogEntityType: what an entry is about. */
export const AUDIT_LOG_ENTITY_TYPES = [
  'USER',
  'MQTT_CLIENT_CREDENTIALS',
  'CLIENT_SESSION',
  'SUBSCRIPTION',
  'APPLICATION_SHARED_SUBSCRIPTION',
  'RETAINED_MESSAGE',
  'BLOCKED_CLIENT',
  'UNAUTHORIZED_CLIENT',
  'MQTT_AUTH_PROVIDER',
  'KAFKA_CONSUMER_GROUP',
  'ADMIN_SETTINGS',
  'SECURITY_SETTINGS',
  'WS_CONNECTION',
  'WS_SUBSCRIPTION',
  'WS_SAVED_MESSAGE',
  'ALERT_RULE',
  'INTEGRATION',
] as const;

/** openapi.yaml AuditLogActionType: what was done. */
export const AUDIT_LOG_ACTION_TYPES = [
  'ADDED',
  'UPDATED',
  'DELETED',
  'DISCONNECTED',
  'ENABLED',
  'DISABLED',
  'RESTARTED',
  'CLEARED',
  'CHECKED',
  'MAIL_SENT',
  'LOGIN',
  'LOGIN_AS_USER',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'ACTIVATED',
] as const;

export const AUDIT_LOG_ACTION_STATUSES = ['SUCCESS', 'FAILURE'] as const;

export type AuditLogEntityType = (typeof AUDIT_LOG_ENTITY_TYPES)[number];
export type AuditLogActionType = (typeof AUDIT_LOG_ACTION_TYPES)[number];
export type AuditLogActionStatus = (typeof AUDIT_LOG_ACTION_STATUSES)[number];

/** An entry before it is stored: what the recorder knows of one call or sign-in. */
export interface NewAuditLogEntry {
  createdTime: number;
  userId: string | undefined;
  userName: string;
  address: string;
  entityType: AuditLogEntityType;
  entityId: string | undefined;
  entityName: string | undefined;
  actionType: AuditLogActionType;
  actionStatus: AuditLogActionStatus;
  actionFailureDetails: string | undefined;
  /** Secrets already left out (secret-scrubber.ts). */
  actionData: Record<string, unknown>;
}

/** openapi.yaml AuditLog: an entry as the API answers it (absent fields left out). */
export interface AuditLogEntry {
  id: string;
  createdTime: number;
  userId?: string;
  userName: string;
  address: string;
  entityType: AuditLogEntityType;
  entityId?: string;
  entityName?: string;
  actionType: AuditLogActionType;
  actionStatus: AuditLogActionStatus;
  actionFailureDetails?: string;
  actionData: Record<string, unknown>;
}
