import type { MessageDescriptor } from 'react-intl';
import type { ClientType } from '../../../api/generated/model/clientType';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import type { MqttClientCredentialsSave } from '../../../api/generated/model/mqttClientCredentialsSave';
import type { EditableCredentialsType } from './credentials-filter';
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
  credentialsType: EditableCredentialsType;
  description: string;
  // MQTT_BASIC
  clientId: string;
  userName: string;
  /** Only when adding; an existing password is changed in its own dialog. */
  password: string;
  rules: AuthRuleLists;
  // X_509
  certCnPattern: string;
  certCnIsRegex: boolean;
  rulesMapping: CertificateRules[];
}

/** Fields the broker may name in a 400 answer (`body.name`, `body.credentialsValue.userName`, …). */
export const CREDENTIALS_FORM_FIELDS = ['name', 'clientId', 'userName', 'password', 'certCnPattern'] as const;
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
  certCnPattern: '',
  certCnIsRegex: false,
  rulesMapping: [{ pattern: EVERY_TOPIC, ...everyTopic() }],
});

/** The form of stored credentials; undefined for a type the console does not edit (SCRAM). */
export function credentialsFormValuesOf(credentials: MqttClientCredentials): CredentialsFormValues | undefined {
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
  if (parsed.credentialsType === 'SCRAM') return undefined;
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
