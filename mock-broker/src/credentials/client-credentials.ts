import type { ClientType } from '../mqtt/sessions/session-registry.js';

export type CredentialsType = 'MQTT_BASIC' | 'X_509' | 'SCRAM';

/** The hash a SCRAM credential is made with: SCRAM-SHA-256 or SCRAM-SHA-512. */
export type ScramAlgorithm = 'SHA_256' | 'SHA_512';

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

/**
 * Credentials for MQTT 5 clients that prove a password by a SCRAM exchange (enhanced
 * authentication): what RFC 5802 section 3 has the server keep, never the password.
 */
export interface ScramCredentials extends CredentialsCommon {
  credentialsType: 'SCRAM';
  /** The username the client names in its client-first message; unique among SCRAM credentials. */
  userName: string;
  algorithm: ScramAlgorithm;
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
  authRules: AuthRules;
}

export type ClientCredentials = BasicCredentials | X509Credentials | ScramCredentials;

/** MqttClientCredentialsAdditionalInfo: null when there is nothing to say, as production brokers answer. */
export type CredentialsAdditionalInfo = { description?: string; mqttBasicPasswordIsSet?: boolean } | null;

/** The contract's ShortMqttClientCredentials: a list item, without the value. */
export interface ShortClientCredentialsView {
  id: string;
  createdTime: number;
  name: string;
  clientType: ClientType;
  credentialsType: CredentialsType;
  additionalInfo: CredentialsAdditionalInfo;
}

/** The contract's MqttClientCredentials: the value as a JSON string, its password always null. */
export interface ClientCredentialsView extends ShortClientCredentialsView {
  credentialsValue: string;
}

function valueOf(credentials: ClientCredentials): Record<string, unknown> {
  if (credentials.credentialsType === 'MQTT_BASIC') {
    const { clientId, userName, authRules } = credentials;
    return { clientId, userName, password: null, authRules };
  }
  if (credentials.credentialsType === 'SCRAM') {
    // As production brokers answer: what proves the password, in base64, in this order; no iterations (always 4096 there).
    const { userName, salt, serverKey, storedKey, algorithm, authRules } = credentials;
    return { userName, salt: salt.toString('base64'), serverKey: serverKey.toString('base64'), storedKey: storedKey.toString('base64'), algorithm, authRules };
  }
  const { certCnPattern, certCnIsRegex, authRulesMapping } = credentials;
  return { certCnPattern, certCnIsRegex, authRulesMapping };
}

function additionalInfoOf(credentials: ClientCredentials): CredentialsAdditionalInfo {
  const description = credentials.description === undefined ? {} : { description: credentials.description };
  if (credentials.credentialsType === 'MQTT_BASIC') return { ...description, mqttBasicPasswordIsSet: credentials.passwordHash !== null };
  return credentials.description === undefined ? null : description;
}

export function shortViewOf(credentials: ClientCredentials): ShortClientCredentialsView {
  return {
    id: credentials.id,
    createdTime: credentials.createdTime,
    name: credentials.name,
    clientType: credentials.clientType,
    credentialsType: credentials.credentialsType,
    additionalInfo: additionalInfoOf(credentials),
  };
}

export function viewOf(credentials: ClientCredentials): ClientCredentialsView {
  return { ...shortViewOf(credentials), credentialsValue: JSON.stringify(valueOf(credentials)) };
}
