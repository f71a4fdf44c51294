import type { AuditLogActionType, AuditLogEntityType } from './audit-log-entry.js';

/** What the recorder knows of a call when it names the entity (before and after the handler ran). */
export interface AuditedCall {
  /** Path and query parameters, typed by the contract. */
  parameters: Record<string, unknown>;
  body: unknown;
  /** The JSON answered, if any (undefined before the handler ran). */
  answer: unknown;
  /** The signed-in caller's id, for calls about the caller's own account. */
  callerId: string | undefined;
}

type EntityIdOf = (call: AuditedCall) => string | undefined;

/** How one changing operation is recorded. */
export interface AuditRule {
  entityType: AuditLogEntityType;
  /** SAVED: ADDED when the body names no id, UPDATED when it does. */
  actionType: AuditLogActionType | 'SAVED';
  entityId?: EntityIdOf;
  /** A fixed name for entities that are one of a kind (the settings). */
  entityName?: string;
  /** Read the entity before and after the call through its type's reader: before/after in actionData. */
  snapshot?: boolean;
  /**
   * Calls nobody signed in to make (sign-in, password reset, activation): who made them is the user
   * of the tokens they answer, or the e-mail they name.
   */
  unauthenticated?: { triedEmail: (call: AuditedCall) => string | undefined };
}

/** An operation that changes something and is deliberately not recorded, with the reason. */
export interface NotAudited {
  notAudited: string;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function field(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/** An id as answered: text, or TBMQ's `{ id }` object. */
function idOf(source: unknown): string | undefined {
  const id = field(source, 'id');
  return text(id) ?? text(field(id, 'id'));
}

const parameter = (name: string): EntityIdOf => (call) => text(call.parameters[name]);
const bodyField = (name: string): EntityIdOf => (call) => text(field(call.body, name));
/** The id the body names (an update), else the one the answer gives (an addition). */
const savedId: EntityIdOf = (call) => idOf(call.body) ?? idOf(call.answer);
const caller: EntityIdOf = (call) => call.callerId;
const triedBody = (name: string) => ({ triedEmail: (call: AuditedCall) => text(field(call.body, name)) });
const triedParameter = (name: string) => ({ triedEmail: (call: AuditedCall) => text(call.parameters[name]) });
const nobody = { triedEmail: () => undefined };

/**
 * Every operation of the contract that changes something (changing-operations.ts), keyed by its
 * operationId; a test fails when one is missing. Entities with a reader (users, client
 * credentials, authentication providers, settings, alert rules, integrations) are snapshotted:
 * their entries hold the item before and after, secrets left out.
 */
export const AUDIT_RULES: Record<string, AuditRule | NotAudited> = {
  login: { entityType: 'USER', actionType: 'LOGIN', unauthenticated: triedBody('username') },
  loginPublic: { notAudited: 'the public status view: no account signs in and anyone may open it, so its entries would only flood the log' },
  changePassword: { entityType: 'USER', actionType: 'PASSWORD_CHANGED', entityId: caller, snapshot: true },
  requestPasswordReset: { entityType: 'USER', actionType: 'MAIL_SENT', unauthenticated: triedBody('email') },
  resetPassword: { entityType: 'USER', actionType: 'PASSWORD_RESET', unauthenticated: nobody },
  activateUser: { entityType: 'USER', actionType: 'ACTIVATED', unauthenticated: nobody },
  activateByEmailCode: { entityType: 'USER', actionType: 'ACTIVATED', unauthenticated: nobody },
  resendEmailActivation: { entityType: 'USER', actionType: 'MAIL_SENT', unauthenticated: triedParameter('email') },
  getUserToken: { entityType: 'USER', actionType: 'LOGIN_AS_USER', entityId: parameter('id'), snapshot: true },
  getAdminUserToken: { entityType: 'USER', actionType: 'LOGIN_AS_USER', entityId: parameter('id'), snapshot: true },
  saveAdminUser: { entityType: 'USER', actionType: 'SAVED', entityId: savedId, snapshot: true },
  deleteAdminUser: { entityType: 'USER', actionType: 'DELETED', entityId: parameter('id'), snapshot: true },
  resendUserActivationMail: { entityType: 'USER', actionType: 'MAIL_SENT', entityId: parameter('id'), snapshot: true },
  saveProfile: { entityType: 'USER', actionType: 'UPDATED', entityId: caller, snapshot: true },
  saveAdminSettings: { entityType: 'ADMIN_SETTINGS', actionType: 'UPDATED', entityId: bodyField('key'), snapshot: true },
  sendTestMail: { entityType: 'ADMIN_SETTINGS', actionType: 'MAIL_SENT', entityId: bodyField('key') },
  saveSecuritySettings: { entityType: 'SECURITY_SETTINGS', actionType: 'UPDATED', entityId: () => 'securitySettings', entityName: 'Security settings', snapshot: true },
  saveAnonymousAccess: { entityType: 'SECURITY_SETTINGS', actionType: 'UPDATED', entityId: () => 'mqttAnonymousAccess', entityName: 'Anonymous access', snapshot: true },
  disconnectFilteredClientSessions: { entityType: 'CLIENT_SESSION', actionType: 'DISCONNECTED' },
  disconnectClientSession: { entityType: 'CLIENT_SESSION', actionType: 'DISCONNECTED', entityId: parameter('clientId') },
  disconnectClientSessions: { entityType: 'CLIENT_SESSION', actionType: 'DISCONNECTED' },
  removeFilteredClientSessions: { entityType: 'CLIENT_SESSION', actionType: 'DELETED' },
  removeClientSession: { entityType: 'CLIENT_SESSION', actionType: 'DELETED', entityId: parameter('clientId') },
  removeClientSessions: { entityType: 'CLIENT_SESSION', actionType: 'DELETED' },
  replaceClientSubscriptions: { entityType: 'SUBSCRIPTION', actionType: 'UPDATED', entityId: bodyField('clientId') },
  saveClientSubscription: { entityType: 'SUBSCRIPTION', actionType: 'UPDATED', entityId: parameter('clientId') },
  deleteClientSubscription: { entityType: 'SUBSCRIPTION', actionType: 'DELETED', entityId: parameter('clientId') },
  saveApplicationSharedSubscription: { entityType: 'APPLICATION_SHARED_SUBSCRIPTION', actionType: 'SAVED', entityId: savedId },
  deleteApplicationSharedSubscription: { entityType: 'APPLICATION_SHARED_SUBSCRIPTION', actionType: 'DELETED', entityId: parameter('id') },
  deleteKafkaConsumerGroup: { entityType: 'KAFKA_CONSUMER_GROUP', actionType: 'DELETED', entityId: parameter('groupId') },
  saveMqttClientCredentials: { entityType: 'MQTT_CLIENT_CREDENTIALS', actionType: 'SAVED', entityId: savedId, snapshot: true },
  deleteMqttClientCredentials: { entityType: 'MQTT_CLIENT_CREDENTIALS', actionType: 'DELETED', entityId: parameter('id'), snapshot: true },
  changeMqttClientPassword: { entityType: 'MQTT_CLIENT_CREDENTIALS', actionType: 'PASSWORD_CHANGED', entityId: parameter('id'), snapshot: true },
  saveMqttAuthProvider: { entityType: 'MQTT_AUTH_PROVIDER', actionType: 'UPDATED', entityId: savedId, snapshot: true },
  enableMqttAuthProvider: { entityType: 'MQTT_AUTH_PROVIDER', actionType: 'ENABLED', entityId: parameter('authProviderId'), snapshot: true },
  disableMqttAuthProvider: { entityType: 'MQTT_AUTH_PROVIDER', actionType: 'DISABLED', entityId: parameter('authProviderId'), snapshot: true },
  checkHttpAuthProvider: { entityType: 'MQTT_AUTH_PROVIDER', actionType: 'CHECKED', entityName: 'HTTP' },
  checkJwtAuthProvider: { entityType: 'MQTT_AUTH_PROVIDER', actionType: 'CHECKED', entityName: 'JWT' },
  saveBlockedClient: { entityType: 'BLOCKED_CLIENT', actionType: 'SAVED', entityId: savedId },
  deleteBlockedClient: { entityType: 'BLOCKED_CLIENT', actionType: 'DELETED', entityId: parameter('value') },
  deleteUnauthorizedClients: { entityType: 'UNAUTHORIZED_CLIENT', actionType: 'DELETED', entityId: parameter('clientId') },
  deleteFilteredRetainedMessages: { entityType: 'RETAINED_MESSAGE', actionType: 'DELETED' },
  deleteRetainedMessage: { entityType: 'RETAINED_MESSAGE', actionType: 'DELETED', entityId: parameter('topicName') },
  deleteRetainedMessages: { entityType: 'RETAINED_MESSAGE', actionType: 'DELETED' },
  saveWsConnection: { entityType: 'WS_CONNECTION', actionType: 'SAVED', entityId: savedId },
  deleteWsConnection: { entityType: 'WS_CONNECTION', actionType: 'DELETED', entityId: parameter('id') },
  saveWsSubscription: { entityType: 'WS_SUBSCRIPTION', actionType: 'SAVED', entityId: savedId },
  deleteWsSubscription: { entityType: 'WS_SUBSCRIPTION', actionType: 'DELETED', entityId: parameter('id') },
  saveWsSavedMessage: { entityType: 'WS_SAVED_MESSAGE', actionType: 'SAVED', entityId: savedId },
  deleteWsSavedMessage: { entityType: 'WS_SAVED_MESSAGE', actionType: 'DELETED', entityId: parameter('id') },
  saveAlertRule: { entityType: 'ALERT_RULE', actionType: 'SAVED', entityId: savedId, snapshot: true },
  deleteAlertRule: { entityType: 'ALERT_RULE', actionType: 'DELETED', entityId: parameter('id'), snapshot: true },
  saveIntegration: { entityType: 'INTEGRATION', actionType: 'SAVED', entityId: savedId, snapshot: true },
  checkIntegrationConnection: { entityType: 'INTEGRATION', actionType: 'CHECKED', entityId: bodyField('id') },
  restartIntegration: { entityType: 'INTEGRATION', actionType: 'RESTARTED', entityId: parameter('integrationId'), snapshot: true },
  deleteIntegration: { entityType: 'INTEGRATION', actionType: 'DELETED', entityId: parameter('integrationId'), snapshot: true },
  clearEvents: { entityType: 'INTEGRATION', actionType: 'CLEARED', entityId: parameter('entityId') },
};

/** The names a stored item is known by, in the order they are tried. */
const NAME_FIELDS = ['name', 'email', 'clientId', 'topicFilter', 'topicName', 'value', 'key', 'type'];

/** The entity's name as a page shows it: the rule's own, else the item's name (or e-mail, client id…). */
export function entityNameOf(rule: AuditRule, ...items: unknown[]): string | undefined {
  if (rule.entityName !== undefined) return rule.entityName;
  for (const item of items) {
    for (const name of NAME_FIELDS) {
      const found = text(field(item, name));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The action an entry records: SAVED becomes ADDED or UPDATED by whether the body named an id. */
export function actionTypeOf(rule: AuditRule, call: AuditedCall): AuditLogActionType {
  if (rule.actionType !== 'SAVED') return rule.actionType;
  return idOf(call.body) === undefined ? 'ADDED' : 'UPDATED';
}
