import { ApiError } from '../http/api-error.js';
import { allTopics, type AuthRules, type CredentialsType, type ScramAlgorithm } from './client-credentials.js';
import { patternError } from './topic-rules.js';

/** What a save request's credentialsValue says, checked; the password still in clear. */
export type CredentialsValueInput =
  | {
      credentialsType: 'MQTT_BASIC';
      clientId: string | null;
      userName: string | null;
      /** undefined: keep the stored one (updates); null: none. */
      password: string | null | undefined;
      authRules: AuthRules;
    }
  | { credentialsType: 'X_509'; certCnPattern: string; certCnIsRegex: boolean; authRulesMapping: Record<string, AuthRules> }
  | {
      credentialsType: 'SCRAM';
      userName: string;
      algorithm: ScramAlgorithm;
      /** undefined: keep the derived keys (updates with the same algorithm only). */
      password: string | undefined;
      authRules: AuthRules;
    };

const FIELD = 'body.credentialsValue';

const invalid = (field: string, problem: string) => ApiError.invalidArguments(`${field} ${problem}`);

/** The limits openapi.yaml states for what credentialsValue holds (MqttBasicCredentialsValue, X509CredentialsValue, ScramCredentialsValue, MqttAuthRules). */
const LIMITS = { text: 1024, pattern: 1024, patterns: 1000, mappings: 1000, passwordBytes: 72, scramPassword: 1024 };

const SCRAM_ALGORITHMS: readonly ScramAlgorithm[] = ['SHA_256', 'SHA_512'];

function withinLength(text: string, limit: number, field: string): string {
  if (text.length > limit) throw invalid(field, `must NOT have more than ${limit} characters`);
  return text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional text: absent, null and "" all mean "not set". */
function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw invalid(field, 'must be a string');
  return withinLength(value, LIMITS.text, field);
}

function checkedPattern(pattern: unknown, field: string): string {
  if (typeof pattern !== 'string') throw invalid(field, 'must be a string');
  withinLength(pattern, LIMITS.pattern, field);
  const error = patternError(pattern);
  if (error !== undefined) throw invalid(field, `is not a valid regular expression: ${error}`);
  return pattern;
}

function patternList(value: unknown, field: string, fallback: string[]): string[] {
  if (value === undefined || value === null) return fallback;
  if (!Array.isArray(value)) throw invalid(field, 'must be a list of regular expressions');
  if (value.length > LIMITS.patterns) throw invalid(field, `must NOT have more than ${LIMITS.patterns} items`);
  // Trimmed, blanks and repeats dropped: the console's chip input sends what the operator typed.
  const patterns = value.map((pattern: unknown, index) => checkedPattern(typeof pattern === 'string' ? pattern.trim() : pattern, `${field}[${index}]`));
  return [...new Set(patterns.filter((pattern) => pattern !== ''))];
}

/**
 * Rules as sent; a list left out allows every topic, an empty one none. Also read for anonymous
 * access (anonymous-access.ts), whose save request holds the two lists at its top level.
 */
export function authRules(value: unknown, field: string): AuthRules {
  if (value === undefined || value === null) return allTopics();
  if (!isObject(value)) throw invalid(field, 'must be an object with pubAuthRulePatterns and subAuthRulePatterns');
  const every = allTopics();
  return {
    pubAuthRulePatterns: patternList(value.pubAuthRulePatterns, `${field}.pubAuthRulePatterns`, every.pubAuthRulePatterns),
    subAuthRulePatterns: patternList(value.subAuthRulePatterns, `${field}.subAuthRulePatterns`, every.subAuthRulePatterns),
  };
}

function basicValue(value: Record<string, unknown>): CredentialsValueInput {
  const clientId = optionalText(value.clientId, `${FIELD}.clientId`);
  const userName = optionalText(value.userName, `${FIELD}.userName`);
  if (clientId === null && userName === null) throw invalid(`${FIELD}.userName`, 'or clientId is required: MQTT_BASIC credentials need at least one');
  const password = value.password;
  if (password !== undefined && password !== null && typeof password !== 'string') throw invalid(`${FIELD}.password`, 'must be a string or null');
  if (password === '') throw invalid(`${FIELD}.password`, 'must not be empty: send null for no password');
  // bcrypt reads 72 bytes and ignores the rest: refuse rather than cut.
  if (typeof password === 'string' && Buffer.byteLength(password, 'utf8') > LIMITS.passwordBytes) {
    throw invalid(`${FIELD}.password`, `must NOT be longer than ${LIMITS.passwordBytes} bytes in UTF-8`);
  }
  return { credentialsType: 'MQTT_BASIC', clientId, userName, password, authRules: authRules(value.authRules, `${FIELD}.authRules`) };
}

function x509Value(value: Record<string, unknown>): CredentialsValueInput {
  const certCnPattern = typeof value.certCnPattern === 'string' ? value.certCnPattern.trim() : '';
  if (certCnPattern === '') throw invalid(`${FIELD}.certCnPattern`, 'is required');
  withinLength(certCnPattern, LIMITS.text, `${FIELD}.certCnPattern`);
  if (value.certCnIsRegex !== undefined && typeof value.certCnIsRegex !== 'boolean') throw invalid(`${FIELD}.certCnIsRegex`, 'must be a boolean');
  const certCnIsRegex = value.certCnIsRegex === true;
  if (certCnIsRegex) checkedPattern(certCnPattern, `${FIELD}.certCnPattern`);
  const mapping = value.authRulesMapping;
  if (mapping !== undefined && mapping !== null && !isObject(mapping)) throw invalid(`${FIELD}.authRulesMapping`, 'must be an object of regular expressions to rules');
  if (mapping && Object.keys(mapping).length > LIMITS.mappings) throw invalid(`${FIELD}.authRulesMapping`, `must NOT have more than ${LIMITS.mappings} properties`);
  const authRulesMapping: Record<string, AuthRules> = {};
  for (const [pattern, rules] of Object.entries(mapping ?? { '.*': allTopics() })) {
    const field = `${FIELD}.authRulesMapping[${JSON.stringify(pattern)}]`;
    authRulesMapping[checkedPattern(pattern, field)] = authRules(rules, field);
  }
  return { credentialsType: 'X_509', certCnPattern, certCnIsRegex, authRulesMapping };
}

/**
 * A SCRAM value as sent. salt, serverKey and storedKey in a save are ignored: the broker derives
 * them from the password itself, so a client can never plant keys it did not prove.
 */
function scramValue(value: Record<string, unknown>): CredentialsValueInput {
  const userName = value.userName;
  if (typeof userName !== 'string' || userName.trim() === '') throw invalid(`${FIELD}.userName`, 'is required and must not be blank');
  withinLength(userName, LIMITS.text, `${FIELD}.userName`);
  const algorithm = value.algorithm;
  if (algorithm === undefined || algorithm === null) throw invalid(`${FIELD}.algorithm`, `is required: one of ${SCRAM_ALGORITHMS.join(', ')}`);
  if (!SCRAM_ALGORITHMS.includes(algorithm as ScramAlgorithm)) throw invalid(`${FIELD}.algorithm`, `must be one of ${SCRAM_ALGORITHMS.join(', ')}`);
  const password = value.password;
  if (password !== undefined && password !== null && typeof password !== 'string') throw invalid(`${FIELD}.password`, 'must be a string or null');
  if (password === '') throw invalid(`${FIELD}.password`, 'must not be empty');
  if (typeof password === 'string') withinLength(password, LIMITS.scramPassword, `${FIELD}.password`);
  return { credentialsType: 'SCRAM', userName, algorithm: algorithm as ScramAlgorithm, password: typeof password === 'string' ? password : undefined, authRules: authRules(value.authRules, `${FIELD}.authRules`) };
}

const VALUE_READERS: Record<CredentialsType, (value: Record<string, unknown>) => CredentialsValueInput> = { MQTT_BASIC: basicValue, X_509: x509Value, SCRAM: scramValue };

/** Reads a save request's credentialsValue (a JSON string, as the production API sends it), naming the field at fault. */
export function parseCredentialsValue(credentialsType: CredentialsType, text: string): CredentialsValueInput {
  // The contract refuses other types first; a caller inside the broker is refused here all the same.
  const read = Object.hasOwn(VALUE_READERS, credentialsType) ? VALUE_READERS[credentialsType] : undefined;
  if (!read) throw invalid('body.credentialsType', `must be one of ${Object.keys(VALUE_READERS).join(', ')}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(FIELD, 'is not valid JSON');
  }
  if (!isObject(value)) throw invalid(FIELD, 'must be a JSON object');
  return read(value);
}
