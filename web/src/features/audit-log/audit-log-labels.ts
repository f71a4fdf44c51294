import { defineMessages, type MessageDescriptor } from 'react-intl';
import { AuditLogActionStatus } from '../../api/generated/model/auditLogActionStatus';
import { AuditLogActionType } from '../../api/generated/model/auditLogActionType';
import { AuditLogEntityType } from '../../api/generated/model/auditLogEntityType';

// One label per value of the contract's enums (openapi.yaml AuditLogEntityType, AuditLogActionType,
// AuditLogActionStatus); the Record types make a value added to the contract fail the type-check here.

export const ENTITY_TYPES = Object.values(AuditLogEntityType);
export const ACTION_TYPES = Object.values(AuditLogActionType);
export const ACTION_STATUSES = Object.values(AuditLogActionStatus);

export const entityTypeLabels: Record<AuditLogEntityType, MessageDescriptor> = defineMessages({
  USER: { id: 'audit-log.entity-type-user' },
  MQTT_CLIENT_CREDENTIALS: { id: 'audit-log.entity-type-mqtt-client-credentials' },
  CLIENT_SESSION: { id: 'audit-log.entity-type-client-session' },
  SUBSCRIPTION: { id: 'audit-log.entity-type-subscription' },
  APPLICATION_SHARED_SUBSCRIPTION: { id: 'audit-log.entity-type-application-shared-subscription' },
  RETAINED_MESSAGE: { id: 'audit-log.entity-type-retained-message' },
  BLOCKED_CLIENT: { id: 'audit-log.entity-type-blocked-client' },
  UNAUTHORIZED_CLIENT: { id: 'audit-log.entity-type-unauthorized-client' },
  MQTT_AUTH_PROVIDER: { id: 'audit-log.entity-type-mqtt-auth-provider' },
  KAFKA_CONSUMER_GROUP: { id: 'audit-log.entity-type-kafka-consumer-group' },
  ADMIN_SETTINGS: { id: 'audit-log.entity-type-admin-settings' },
  SECURITY_SETTINGS: { id: 'audit-log.entity-type-security-settings' },
  WS_CONNECTION: { id: 'audit-log.entity-type-ws-connection' },
  WS_SUBSCRIPTION: { id: 'audit-log.entity-type-ws-subscription' },
  WS_SAVED_MESSAGE: { id: 'audit-log.entity-type-ws-saved-message' },
  ALERT_RULE: { id: 'audit-log.entity-type-alert-rule' },
  INTEGRATION: { id: 'audit-log.entity-type-integration' },
});

export const actionTypeLabels: Record<AuditLogActionType, MessageDescriptor> = defineMessages({
  ADDED: { id: 'audit-log.action-type-added' },
  UPDATED: { id: 'audit-log.action-type-updated' },
  DELETED: { id: 'audit-log.action-type-deleted' },
  DISCONNECTED: { id: 'audit-log.action-type-disconnected' },
  ENABLED: { id: 'audit-log.action-type-enabled' },
  DISABLED: { id: 'audit-log.action-type-disabled' },
  RESTARTED: { id: 'audit-log.action-type-restarted' },
  CLEARED: { id: 'audit-log.action-type-cleared' },
  CHECKED: { id: 'audit-log.action-type-checked' },
  MAIL_SENT: { id: 'audit-log.action-type-mail-sent' },
  LOGIN: { id: 'audit-log.action-type-login' },
  LOGIN_AS_USER: { id: 'audit-log.action-type-login-as-user' },
  PASSWORD_CHANGED: { id: 'audit-log.action-type-password-changed' },
  PASSWORD_RESET: { id: 'audit-log.action-type-password-reset' },
  ACTIVATED: { id: 'audit-log.action-type-activated' },
});

export const actionStatusLabels: Record<AuditLogActionStatus, MessageDescriptor> = defineMessages({
  SUCCESS: { id: 'audit-log.action-status-success' },
  FAILURE: { id: 'audit-log.action-status-failure' },
});
