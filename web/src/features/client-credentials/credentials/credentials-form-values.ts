import type { MessageDescriptor } from 'react-intl';
import type { ClientType } from '../../../api/generated/model/clientType';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { MqttClientCredentialsSave } from '../../../api/generated/model/mqttClientCredentialsSave';
import type { MqttCredentialsType } from '../../../api/generated/model/mqttCredentialsType';
import type { ScramCredentialsValueAlgorithm } from '../../../api/generated/model/scramCredentialsValueAlgorithm';
import { type AuthRuleLists, authRulesOf, EVERY_TOPIC, ruleListsOf } from '../../../components/rule-patterns/rule-lists';
import { topicPatternProblem } from '../../../components/rule-patterns/topic-pattern';
import { parseCredentialsValue } from './credentials-value';

/** One entry of an X.509 rules mapping: certificates whose common name matches `pattern` get these rules. */
export interface CertificateRules extends AuthRuleLists {
  pattern: string;
}

export interface CredentialsFormValues {
  name: string;
  clientType: ClientType;
  credentialsType: MqttCredentialsType;
  description: string;
  // MQTT_BASIC (and SCRAM: userName, password, rules)
  clientId: string;
  userName: string;
  /** MQTT_BASIC: only when adding, an existing password is changed in its own dialog. SCRAM: empty on edit keeps the stored keys. */
  password: string;
  rules: AuthRuleLists;
  // SCRAM
  algorithm: ScramCredentialsValueAlgorithm;
  /** The algorithm of stored SCRAM credentials, whose keys were derived with it; undefined when adding (a password is then required). */
  storedAlgorithm: ScramCredentialsValueAlgorithm | undefined;
  // X_509
  certCnPattern: string;
  certCnIsRegex: boolean;
  rulesMapping: CertificateRules[];
}

/** Fields the broker may name in a 400 answer (`body.name`, `body.credentialsValue.userName`, …). */
export const CREDENTIALS_FORM_FIELDS = ['name', 'clientId', 'userName', 'password', 'algorithm', 'certCnPattern'] as const;
export type CredentialsFormField = (typeof CREDENTIALS_FORM_FIELDS)[number];
export type CredentialsFormErrors = Partial<Record<CredentialsFormField | 'rulesMapping', MessageDescriptor>>;

const everyTopic = (): AuthRuleLists => ({ pub: [EVERY_TOPIC], sub: [EVERY_TOPIC] });

export const newCredentialsForm = (): CredentialsFormValues => ({
  name: '',
  clientType: 'DEVICE',
  credentialsType: 'MQTT_BASIC',
  description: '',
  clientId: '',
  userName: '',
  password: '',
  rules: everyTopic(),
  algorithm: 'SHA_256',
  storedAlgorithm: undefined,
  certCnPattern: '',
  certCnIsRegex: false,
  rulesMapping: [{ pattern: EVERY_TOPIC, ...everyTopic() }],
});

/** The form of stored credentials: their values, the password empty (answers never carry it). */
export function credentialsFormValuesOf(credentials: MqttClientCredentials): CredentialsFormValues {
  const form = {
    ...newCredentialsForm(),
    name: credentials.name,
    clientType: credentials.clientType,
    description: credentials.additionalInfo?.description ?? '',
  };
  const parsed = parseCredentialsValue(credentials);
  if (parsed.credentialsType === 'MQTT_BASIC') {
    const { clientId, userName, authRules } = parsed.value;
    return { ...form, credentialsType: 'MQTT_BASIC', clientId: clientId ?? '', userName: userName ?? '', rules: ruleListsOf(authRules) };
  }
  if (parsed.credentialsType === 'SCRAM') {
    // The salt and keys stay with the broker: the form sends them back never, a new password instead.
    const { userName, algorithm, authRules } = parsed.value;
    const known = algorithm === 'SHA_512' || algorithm === 'SHA_256' ? algorithm : undefined;
    return { ...form, credentialsType: 'SCRAM', userName: userName ?? '', algorithm: known ?? 'SHA_256', storedAlgorithm: known, rules: ruleListsOf(authRules) };
  }
  const { certCnPattern, certCnIsRegex, authRulesMapping } = parsed.value;
  const rulesMapping = Object.entries(authRulesMapping ?? {}).map(([pattern, rules]) => ({ pattern, ...ruleListsOf(rules) }));
  return { ...form, credentialsType: 'X_509', certCnPattern, certCnIsRegex: certCnIsRegex === true, rulesMapping };
}

function mappingError(rulesMapping: CertificateRules[]): MessageDescriptor | undefined {
  const patterns = rulesMapping.map((entry) => entry.pattern.trim());
  if (patterns.some((pattern) => pattern === '')) return { id: 'mqtt-client-credentials.rules-mapping-pattern-required' };
  if (patterns.some((pattern) => topicPatternProblem(pattern) !== undefined)) return { id: 'mqtt-client-credentials.invalid-regex' };
  if (new Set(patterns).size !== patterns.length) return { id: 'mqtt-client-credentials.rules-mapping-duplicate' };
  return undefined;
}

/** The limit of ScramCredentialsValue's userName and password (openapi.yaml), counted in characters as JSON Schema counts them. */
const SCRAM_MAX_LENGTH = 1024;
const tooLong = (text: string) => [...text].length > SCRAM_MAX_LENGTH;

function scramErrors({ userName, password, algorithm, storedAlgorithm }: CredentialsFormValues): CredentialsFormErrors {
  const errors: CredentialsFormErrors = {};
  if (userName.trim() === '') errors.userName = { id: 'mqtt-client-credentials.scram-username-required' };
  else if (tooLong(userName.trim())) errors.userName = { id: 'mqtt-client-credentials.scram-username-too-long' };
  // The stored keys were derived with one algorithm: keeping them needs the same one.
  if (password === '' && storedAlgorithm === undefined) errors.password = { id: 'mqtt-client-credentials.scram-password-required' };
  else if (password === '' && storedAlgorithm !== algorithm) errors.password = { id: 'mqtt-client-credentials.scram-password-required-for-algorithm' };
  else if (tooLong(password)) errors.password = { id: 'mqtt-client-credentials.scram-password-too-long' };
  return errors;
}

/** The console's own checks, the broker's in advance: what it would refuse with a 400. */
export function validateCredentialsForm(values: CredentialsFormValues): CredentialsFormErrors {
  const errors: CredentialsFormErrors = {};
  if (values.name.trim() === '') errors.name = { id: 'mqtt-client-credentials.name-required' };
  if (values.credentialsType === 'MQTT_BASIC') {
    // At least one of client id and username identifies the client (README "Client access control").
    if (values.clientId.trim() === '' && values.userName.trim() === '') {
      errors.clientId = { id: 'mqtt-client-credentials.client-id-or-username-required' };
      errors.userName = { id: 'mqtt-client-credentials.client-id-or-username-required' };
    }
    return errors;
  }
  if (values.credentialsType === 'SCRAM') return { ...errors, ...scramErrors(values) };
  const pattern = values.certCnPattern.trim();
  if (pattern === '') errors.certCnPattern = { id: 'mqtt-client-credentials.certificate-cn-required' };
  else if (values.certCnIsRegex && topicPatternProblem(pattern) !== undefined) errors.certCnPattern = { id: 'mqtt-client-credentials.invalid-regex' };
  const mapping = mappingError(values.rulesMapping);
  if (mapping) errors.rulesMapping = mapping;
  return errors;
}

function credentialsValueOf(values: CredentialsFormValues, adding: boolean): string {
  if (values.credentialsType === 'MQTT_BASIC') {
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    // On update a password left out keeps the stored one; when adding, none means any password is accepted.
    const password = adding && values.password !== '' ? { password: values.password } : {};
    return JSON.stringify({ clientId: text(values.clientId), userName: text(values.userName), ...password, authRules: authRulesOf(values.rules) });
  }
  if (values.credentialsType === 'SCRAM') {
    // On update a password left out keeps the stored salt and keys (validation asks for one when the algorithm changes).
    const password = values.password === '' ? {} : { password: values.password };
    return JSON.stringify({ userName: values.userName.trim(), ...password, algorithm: values.algorithm, authRules: authRulesOf(values.rules) });
  }
  const authRulesMapping = Object.fromEntries(values.rulesMapping.map((entry) => [entry.pattern.trim(), authRulesOf(entry)]));
  return JSON.stringify({ certCnPattern: values.certCnPattern.trim(), certCnIsRegex: values.certCnIsRegex, authRulesMapping });
}

/** What POST /api/mqtt/client/credentials takes; the id only for existing credentials. */
export function credentialsSaveOf(values: CredentialsFormValues, existing: MqttClientCredentials | null): MqttClientCredentialsSave {
  const description = values.description.trim();
  return {
    ...(existing ? { id: existing.id } : {}),
    name: values.name.trim(),
    clientType: values.clientType,
    credentialsType: values.credentialsType,
    credentialsValue: credentialsValueOf(values, existing === null),
    additionalInfo: description === '' ? {} : { description },
  };
}
