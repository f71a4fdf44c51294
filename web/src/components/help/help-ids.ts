/**
 * Every help page the console can open, by id (spec section 2, "Help"). Each id names a markdown file
 * `help/{lang}/{id}.md`; a unit test checks that both languages have one.
 */

/** Help for the menu pages of spec section 2 and the web-socket client's connection dialog. */
export const pageHelpIds = {
  home: 'home',
  sessions: 'sessions',
  clientCredentials: 'client-credentials',
  authProviders: 'auth-providers',
  wsClient: 'ws-client',
  wsClientConnection: 'ws-client-connection',
  retainedMessages: 'retained-messages',
  sharedSubscriptionGroups: 'shared-subscription-groups',
  sharedSubscriptionApplications: 'shared-subscription-applications',
  integrations: 'integrations',
  kafkaTopics: 'kafka-topics',
  kafkaConsumerGroups: 'kafka-consumer-groups',
  monitoring: 'monitoring',
  users: 'users',
  outgoingMail: 'outgoing-mail',
  securitySettings: 'security-settings',
  auditLog: 'audit-log',
  profile: 'profile',
} as const;

/** Help for an entity's details, keyed by the entity types of spec section 3. */
export const entityHelpIds = {
  USER: 'user-details',
  MQTT_CLIENT_CREDENTIALS: 'client-credentials-details',
  MQTT_SESSION: 'session-details',
  SHARED_SUBSCRIPTION: 'shared-subscription-details',
  SHARED_SUBSCRIPTION_GROUP: 'shared-subscription-group-details',
  RETAINED_MESSAGE: 'retained-message-details',
  WS_MESSAGE: 'ws-message-details',
} as const;

export type HelpId = (typeof pageHelpIds)[keyof typeof pageHelpIds] | (typeof entityHelpIds)[keyof typeof entityHelpIds];

export const allHelpIds: readonly HelpId[] = [...Object.values(pageHelpIds), ...Object.values(entityHelpIds)];
