import type { Integration } from '../../api/generated/model/integration';
import type { IntegrationClientConfiguration } from '../../api/generated/model/integrationClientConfiguration';
import type { IntegrationCredentials } from '../../api/generated/model/integrationCredentials';
import type { IntegrationType } from '../../api/generated/model/integrationType';
import type { KeyValuePair } from '../../components/key-value-list/key-value-list-editor';
import { isValidTopicFilter } from '../../components/mqtt/topic-filter';
import { randomAlphanumeric } from '../../components/random-text/random-alphanumeric';

export type CredentialsType = 'anonymous' | 'basic' | 'cert.PEM';

/** The dialog's values: numbers as typed (checked on submit), maps as rows. */
export interface IntegrationFormValues {
  name: string;
  type: IntegrationType;
  enabled: boolean;
  topicFilters: string[];
  metadata: KeyValuePair[];
  sendOnlyMsgPayload: boolean;
  restEndpointUrl: string;
  requestMethod: string;
  headers: KeyValuePair[];
  payloadContentType: string;
  readTimeoutMs: string;
  maxParallelRequestsCount: string;
  maxInMemoryBufferSizeInKb: string;
  host: string;
  port: string;
  ssl: boolean;
  clientId: string;
  topicName: string;
  useMsgTopicName: boolean;
  qos: string;
  retained: boolean;
  mqttVersion: string;
  connectTimeoutSec: string;
  reconnectPeriodSec: string;
  keepAliveSec: string;
  bootstrapServers: string;
  topic: string;
  key: string;
  acks: string;
  compression: string;
  retries: string;
  batchSize: string;
  linger: string;
  bufferMemory: string;
  otherProperties: KeyValuePair[];
  credentialsType: CredentialsType;
  username: string;
  password: string;
  caCert: string;
  caCertFileName: string;
  cert: string;
  certFileName: string;
  privateKey: string;
  privateKeyFileName: string;
  privateKeyPassword: string;
}

/** The problems the dialog names under a field; each has a message `integration.error.<problem>`. */
export type FormProblem =
  | 'required'
  | 'topic-filters-required'
  | 'topic-filter-invalid'
  | 'url-invalid'
  | 'whole-number'
  | 'not-negative'
  | 'positive'
  | 'port-range'
  | 'keep-alive-range'
  | 'topic-wildcards'
  | 'topic-dollar'
  | 'bootstrap-servers'
  | 'kafka-topic'
  | 'header-name'
  | 'ssl-without-protocol';

export type FormErrors = Partial<Record<keyof IntegrationFormValues, FormProblem>>;

export const HTTP_METHODS = ['POST', 'PUT', 'GET', 'DELETE'] as const;
export const PAYLOAD_CONTENT_TYPES = ['JSON', 'TEXT', 'BINARY'] as const;
export const MQTT_VERSIONS = ['3', '4', '5'] as const;
export const KAFKA_ACKS = ['-1', '0', '1', 'all'] as const;
export const KAFKA_COMPRESSIONS = ['none', 'gzip', 'snappy', 'lz4', 'zstd'] as const;
export const MAX_TOPIC_FILTERS = 100;
export const MAX_MAP_ENTRIES = 100;

/** A client id of our own, unlikely to clash with another integration's on the same target. */
export function newIntegrationClientId(): string {
  return `starling-ie-${randomAlphanumeric(10)}`;
}

/** A new integration of a type, with the defaults operators expect from the production console. */
export function emptyIntegrationForm(type: IntegrationType): IntegrationFormValues {
  return {
    name: '',
    type,
    enabled: true,
    topicFilters: [],
    metadata: [],
    sendOnlyMsgPayload: false,
    restEndpointUrl: '',
    requestMethod: 'POST',
    headers: [{ key: 'Content-Type', value: 'application/json' }],
    payloadContentType: 'JSON',
    readTimeoutMs: '0',
    maxParallelRequestsCount: '0',
    maxInMemoryBufferSizeInKb: '256',
    host: '',
    port: '1883',
    ssl: false,
    clientId: newIntegrationClientId(),
    topicName: 'integration/${topic}',
    useMsgTopicName: false,
    qos: '1',
    retained: false,
    mqttVersion: '4',
    connectTimeoutSec: '10',
    reconnectPeriodSec: '5',
    keepAliveSec: '60',
    bootstrapServers: 'localhost:9092',
    topic: '',
    key: '',
    acks: '-1',
    compression: 'none',
    retries: '0',
    batchSize: '16384',
    linger: '0',
    bufferMemory: '33554432',
    otherProperties: [],
    credentialsType: 'anonymous',
    username: '',
    password: '',
    caCert: '',
    caCertFileName: '',
    cert: '',
    certFileName: '',
    privateKey: '',
    privateKeyFileName: '',
    privateKeyPassword: '',
  };
}

const pairsOf = (map: Record<string, string> | null | undefined): KeyValuePair[] => Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
const mapOf = (pairs: KeyValuePair[]): Record<string, string> => Object.fromEntries(pairs.filter((pair) => pair.key.trim() !== '').map((pair) => [pair.key.trim(), pair.value]));
const textOf = (value: string | number | null | undefined, fallback: string): string => (value === undefined || value === null ? fallback : String(value));

/** The form of a stored integration; secrets are never answered, so they start empty ("keep"). */
export function integrationFormValuesOf(integration: Integration): IntegrationFormValues {
  const base = emptyIntegrationForm(integration.type);
  const client = integration.configuration.clientConfiguration;
  const credentials = client.credentials;
  return {
    ...base,
    name: integration.name,
    enabled: integration.enabled ?? false,
    topicFilters: [...integration.configuration.topicFilters],
    metadata: pairsOf(integration.configuration.metadata),
    sendOnlyMsgPayload: client.sendOnlyMsgPayload ?? false,
    restEndpointUrl: client.restEndpointUrl ?? '',
    requestMethod: client.requestMethod ?? base.requestMethod,
    headers: pairsOf(client.headers),
    payloadContentType: client.payloadContentType ?? base.payloadContentType,
    readTimeoutMs: textOf(client.readTimeoutMs, base.readTimeoutMs),
    maxParallelRequestsCount: textOf(client.maxParallelRequestsCount, base.maxParallelRequestsCount),
    maxInMemoryBufferSizeInKb: textOf(client.maxInMemoryBufferSizeInKb, base.maxInMemoryBufferSizeInKb),
    host: client.host ?? '',
    port: textOf(client.port, base.port),
    ssl: client.ssl ?? false,
    clientId: client.clientId ?? base.clientId,
    topicName: client.topicName ?? '',
    useMsgTopicName: client.useMsgTopicName ?? false,
    qos: textOf(client.qos, base.qos),
    retained: client.retained ?? false,
    mqttVersion: textOf(client.mqttVersion, base.mqttVersion),
    connectTimeoutSec: textOf(client.connectTimeoutSec, base.connectTimeoutSec),
    reconnectPeriodSec: textOf(client.reconnectPeriodSec, base.reconnectPeriodSec),
    keepAliveSec: textOf(client.keepAliveSec, base.keepAliveSec),
    bootstrapServers: client.bootstrapServers ?? base.bootstrapServers,
    topic: client.topic ?? '',
    key: client.key ?? '',
    acks: client.acks ?? base.acks,
    compression: client.compression ?? base.compression,
    retries: textOf(client.retries, base.retries),
    batchSize: textOf(client.batchSize, base.batchSize),
    linger: textOf(client.linger, base.linger),
    bufferMemory: textOf(client.bufferMemory, base.bufferMemory),
    otherProperties: pairsOf(client.otherProperties),
    credentialsType: credentials?.type ?? 'anonymous',
    username: credentials?.username ?? '',
    caCert: credentials?.caCert ?? '',
    caCertFileName: credentials?.caCertFileName ?? '',
    cert: credentials?.cert ?? '',
    certFileName: credentials?.certFileName ?? '',
    privateKeyFileName: credentials?.privateKeyFileName ?? '',
  };
}

type NumberRule = 'not-negative' | 'positive' | 'port-range' | 'keep-alive-range';

function numberProblem(text: string, rule: NumberRule): FormProblem | undefined {
  if (!/^-?\d+$/.test(text.trim())) return 'whole-number';
  const value = Number(text);
  if (rule === 'not-negative' && value < 0) return rule;
  if (rule === 'positive' && value <= 0) return rule;
  if (rule === 'port-range' && (value < 1 || value > 65535)) return rule;
  if (rule === 'keep-alive-range' && (value < 0 || value > 65535)) return rule;
  return undefined;
}

const NUMBER_RULES: Record<IntegrationType, Partial<Record<keyof IntegrationFormValues, NumberRule>>> = {
  HTTP: { readTimeoutMs: 'not-negative', maxParallelRequestsCount: 'not-negative', maxInMemoryBufferSizeInKb: 'positive' },
  MQTT: { port: 'port-range', connectTimeoutSec: 'positive', reconnectPeriodSec: 'not-negative', keepAliveSec: 'keep-alive-range' },
  KAFKA: { retries: 'not-negative', batchSize: 'not-negative', linger: 'not-negative', bufferMemory: 'not-negative' },
};

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The first topic filter that is not one, by position, or -1. */
export function invalidTopicFilterIndex(topicFilters: readonly string[]): number {
  return topicFilters.findIndex((filter) => !isValidTopicFilter(filter));
}

/**
 * The broker's checks (mock-broker/src/integrations/client-settings.ts), made before sending so the
 * field is marked at once. `editing`: an empty password keeps the stored one.
 */
export function validateIntegrationForm(values: IntegrationFormValues, editing: boolean): FormErrors {
  const errors: FormErrors = {};
  if (!values.name.trim()) errors.name = 'required';
  if (values.topicFilters.length === 0) errors.topicFilters = 'topic-filters-required';
  else if (invalidTopicFilterIndex(values.topicFilters) >= 0) errors.topicFilters = 'topic-filter-invalid';
  for (const [field, rule] of Object.entries(NUMBER_RULES[values.type]) as [keyof IntegrationFormValues, NumberRule][]) {
    const problem = numberProblem(String(values[field]), rule);
    if (problem) errors[field] = problem;
  }
  if (values.type === 'HTTP') {
    if (!values.restEndpointUrl.trim()) errors.restEndpointUrl = 'required';
    else if (!isHttpUrl(values.restEndpointUrl)) errors.restEndpointUrl = 'url-invalid';
    if (values.headers.some((pair) => pair.key.trim() !== '' && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(pair.key.trim()))) errors.headers = 'header-name';
  }
  if (values.type === 'MQTT') {
    if (!values.host.trim()) errors.host = 'required';
    if (!values.clientId.trim()) errors.clientId = 'required';
    if (!values.useMsgTopicName) {
      if (!values.topicName) errors.topicName = 'required';
      else if (/[#+]/.test(values.topicName)) errors.topicName = 'topic-wildcards';
      else if (values.topicName.startsWith('$')) errors.topicName = 'topic-dollar';
    }
  }
  if (values.type === 'KAFKA') {
    const servers = values.bootstrapServers.split(',').map((entry) => entry.trim());
    if (!values.bootstrapServers.trim()) errors.bootstrapServers = 'required';
    else if (servers.some((server) => !/^[^:]+:\d{1,5}$/.test(server) || Number(server.split(':').pop()) > 65535 || Number(server.split(':').pop()) < 1)) errors.bootstrapServers = 'bootstrap-servers';
    if (!values.topic.trim()) errors.topic = 'required';
    else if (!/^[A-Za-z0-9._-]{1,249}$/.test(values.topic.trim())) errors.topic = 'kafka-topic';
    const keys = values.otherProperties.map((pair) => pair.key.trim());
    if (keys.some((key) => key.includes('ssl.')) && !keys.includes('security.protocol')) errors.otherProperties = 'ssl-without-protocol';
  }
  if (values.credentialsType === 'basic') {
    if (!values.username.trim()) errors.username = 'required';
    if (!editing && values.password === '') errors.password = 'required';
  }
  if (values.credentialsType === 'cert.PEM') {
    if (!values.cert.trim()) errors.cert = 'required';
    if (!editing && !values.privateKey.trim()) errors.privateKey = 'required';
  }
  return errors;
}

function credentialsInputOf(values: IntegrationFormValues): IntegrationCredentials {
  if (values.credentialsType === 'basic') return { type: 'basic', username: values.username.trim(), password: values.password };
  if (values.credentialsType === 'cert.PEM') {
    return {
      type: 'cert.PEM',
      caCert: values.caCert || undefined,
      caCertFileName: values.caCertFileName || undefined,
      cert: values.cert,
      certFileName: values.certFileName || undefined,
      privateKey: values.privateKey,
      privateKeyFileName: values.privateKeyFileName || undefined,
      privateKeyPassword: values.privateKeyPassword || undefined,
    };
  }
  return { type: 'anonymous' };
}

function clientConfigurationOf(values: IntegrationFormValues): IntegrationClientConfiguration {
  const common = { sendOnlyMsgPayload: values.sendOnlyMsgPayload, credentials: credentialsInputOf(values) };
  switch (values.type) {
    case 'HTTP':
      return {
        ...common,
        restEndpointUrl: values.restEndpointUrl.trim(),
        requestMethod: values.requestMethod,
        headers: mapOf(values.headers),
        payloadContentType: values.payloadContentType,
        readTimeoutMs: Number(values.readTimeoutMs),
        maxParallelRequestsCount: Number(values.maxParallelRequestsCount),
        maxInMemoryBufferSizeInKb: Number(values.maxInMemoryBufferSizeInKb),
      };
    case 'MQTT':
      return {
        ...common,
        host: values.host.trim(),
        port: Number(values.port),
        ssl: values.ssl,
        clientId: values.clientId.trim(),
        topicName: values.topicName,
        useMsgTopicName: values.useMsgTopicName,
        qos: Number(values.qos),
        retained: values.retained,
        mqttVersion: Number(values.mqttVersion),
        connectTimeoutSec: Number(values.connectTimeoutSec),
        reconnectPeriodSec: Number(values.reconnectPeriodSec),
        keepAliveSec: Number(values.keepAliveSec),
      };
    case 'KAFKA':
      return {
        sendOnlyMsgPayload: values.sendOnlyMsgPayload,
        bootstrapServers: values.bootstrapServers.trim(),
        topic: values.topic.trim(),
        key: values.key,
        acks: values.acks,
        compression: values.compression,
        retries: Number(values.retries),
        batchSize: Number(values.batchSize),
        linger: Number(values.linger),
        bufferMemory: Number(values.bufferMemory),
        otherProperties: mapOf(values.otherProperties),
      };
  }
}

/** What saveIntegration and checkIntegrationConnection take; an edit keeps the stored id. */
export function integrationInputOf(values: IntegrationFormValues, stored: Integration | null): Integration {
  return {
    ...(stored?.id ? { id: stored.id } : {}),
    name: values.name.trim(),
    type: values.type,
    enabled: values.enabled,
    configuration: { topicFilters: values.topicFilters, metadata: mapOf(values.metadata), clientConfiguration: clientConfigurationOf(values) },
  };
}

/**
 * The form field a broker 400 names: its messages start with the field's path
 * (`body.configuration.clientConfiguration.host cannot be empty`), TBMQ's with its own words.
 */
export function brokerErrorField(message: string): keyof IntegrationFormValues | undefined {
  const match = /^(?:body\.)?(?:configuration\.)?(?:clientConfiguration\.)?(?:credentials\.)?([A-Za-z]+)/.exec(message);
  const field = match?.[1];
  if (field === undefined || !/^(?:body\.)?(?:name|configuration)/.test(message)) return undefined;
  const known = emptyIntegrationForm('HTTP');
  if (field === 'type' && message.includes('credentials.type')) return 'credentialsType';
  return field in known ? (field as keyof IntegrationFormValues) : undefined;
}
