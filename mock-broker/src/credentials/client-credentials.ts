import type { ClientType } from '../mqtt/session-registry.js';

export type CredentialsType = 'MQTT_BASIC' | 'X_509';

/** Regular expressions over topics (publish) and topic filters (subscribe); see topic-rules.ts. */
export interface AuthRules {
  pubAuthRulePatterns: string[];
  subAuthRulePatterns: string[];
}

/** The default: a credential saved without rules may use every topic. */
export const EVERY_TOPIC = '.*';
export const allTopics = (): AuthRules => ({ pubAuthRulePatterns: [EVERY_TOPIC], subAuthRulePatterns: [EVERY_TOPIC] });

interface CredentialsCommon {
  id: string;
  createdTime: number;
  name: string;
  clientType: ClientType;
  description: string | undefined;
}

/** Username/password credentials. At least one of clientId and userName is set. */
export interface BasicCredentials extends CredentialsCommon {
  credentialsType: 'MQTT_BASIC';
  clientId: string | null;
  userName: string | null;
  /** bcrypt; null: any password (or none) is accepted. */
  passwordHash: string | null;
  authRules: AuthRules;
}

/** Credentials for clients presenting a verified TLS certificate. */
export interface X509Credentials extends CredentialsCommon {
  credentialsType: 'X_509';
  certCnPattern: string;
  certCnIsRegex: boolean;
  /** Regular expressions over the common name, each with the rules it grants. */
  authRulesMapping: Record<string, AuthRules>;
}

export type ClientCredentials = BasicCredentials | X509Credentials;

/** The contract's MqttClientCredentials: the value as a JSON string, never with the password. */
export interface ClientCredentialsView {
  id: string;
  createdTime: number;
  name: string;
  clientType: ClientType;
  credentialsType: CredentialsType;
  credentialsValue: string;
  additionalInfo: { description?: string };
}

function valueOf(credentials: ClientCredentials): Record<string, unknown> {
  if (credentials.credentialsType === 'MQTT_BASIC') {
    const { clientId, userName, passwordHash, authRules } = credentials;
    return { clientId, userName, passwordSet: passwordHash !== null, authRules };
  }
  const { certCnPattern, certCnIsRegex, authRulesMapping } = credentials;
  return { certCnPattern, certCnIsRegex, authRulesMapping };
}

export function viewOf(credentials: ClientCredentials): ClientCredentialsView {
  return {
    id: credentials.id,
    createdTime: credentials.createdTime,
    name: credentials.name,
    clientType: credentials.clientType,
    credentialsType: credentials.credentialsType,
    credentialsValue: JSON.stringify(valueOf(credentials)),
    additionalInfo: credentials.description === undefined ? {} : { description: credentials.description },
  };
}
