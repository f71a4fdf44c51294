import type { MessageDescriptor } from 'react-intl';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsConnectionConfiguration } from '../../../api/generated/model/wsConnectionConfiguration';
import type { WsConnectionSave } from '../../../api/generated/model/wsConnectionSave';
import type { WsCredentialsMode } from '../../../api/generated/model/wsCredentialsMode';
import type { WsDataSizeUnit } from '../../../api/generated/model/wsDataSizeUnit';
import type { WsMqttVersion } from '../../../api/generated/model/wsMqttVersion';
import type { WsTimeUnit } from '../../../api/generated/model/wsTimeUnit';
import type { WsUserProperty } from '../../../api/generated/model/wsUserProperty';
import { type ConnectionUrlParts, connectionUrlOf, isValidHost, isValidPort, urlPartsOf } from './connection-url';
import { validateConnectionLimits } from './connection-limits';
import { type LastWillErrors, type LastWillFormValues, lastWillFormValuesOf, lastWillOf, NEW_LAST_WILL, validateLastWill } from './last-will-values';

/** A connection as its dialog edits it: the URL in parts, numbers as entered with their units. */
export interface ConnectionFormValues extends ConnectionUrlParts {
  name: string;
  clientId: string;
  credentialsMode: WsCredentialsMode;
  /** EXISTING: the client credentials chosen. */
  clientCredentialsId: string | null;
  /** CUSTOM: the connection's own username and password. */
  username: string;
  password: string;
  /** CUSTOM: ask for the password on every connect instead of keeping it. */
  passwordRequired: boolean;
  mqttVersion: WsMqttVersion;
  cleanStart: boolean;
  keepAlive: number | null;
  keepAliveUnit: WsTimeUnit;
  connectTimeout: number | null;
  connectTimeoutUnit: WsTimeUnit;
  reconnectPeriod: number | null;
  reconnectPeriodUnit: WsTimeUnit;
  // MQTT 5 connect properties; null or empty for "not sent".
  sessionExpiryInterval: number | null;
  sessionExpiryIntervalUnit: WsTimeUnit;
  maxPacketSize: number | null;
  maxPacketSizeUnit: WsDataSizeUnit;
  topicAliasMax: string;
  receiveMax: string;
  requestResponseInfo: boolean;
  requestProblemInfo: boolean;
  userProperties: WsUserProperty[];
  lastWillEnabled: boolean;
  lastWill: LastWillFormValues;
}

export type ConnectionFormField =
  | 'name'
  | 'host'
  | 'port'
  | 'clientId'
  | 'clientCredentialsId'
  | 'username'
  | 'password'
  | 'keepAlive'
  | 'connectTimeout'
  | 'reconnectPeriod'
  | 'sessionExpiryInterval'
  | 'maxPacketSize'
  | 'topicAliasMax'
  | 'receiveMax'
  | 'userProperties';

export type ConnectionFormErrors = Partial<Record<ConnectionFormField, MessageDescriptor>> & { willMessage?: LastWillErrors };

/**
 * Fields a broker 400 or 409 may name (`body.name`, `body.configuration.clientId`, …); `url` is
 * shown at the host field.
 */
export const CONNECTION_API_FIELDS = [
  'name',
  'url',
  'clientId',
  'clientCredentialsId',
  'username',
  'password',
  'keepAlive',
  'connectTimeout',
  'reconnectPeriod',
  'sessionExpiryInterval',
  'maxPacketSize',
  'topicAliasMax',
  'receiveMax',
] as const;

export const isMqtt5 = (mqttVersion: WsMqttVersion) => mqttVersion >= 5;

/** A new connection's timings: mqtt.js's own defaults, which devices commonly use too. */
export const DEFAULT_TIMINGS = {
  keepAlive: 60,
  keepAliveUnit: 'SECONDS',
  connectTimeout: 30,
  connectTimeoutUnit: 'SECONDS',
  reconnectPeriod: 1,
  reconnectPeriodUnit: 'SECONDS',
} as const satisfies Partial<WsConnectionConfiguration>;

/**
 * A new connection's settings besides its name, URL and client id: the default timings; the MQTT 5
 * properties unset, so that the broker's defaults apply, except Request Problem Information, on as
 * MQTT 5 has it by default.
 */
export function newConnectionForm(name: string, url: ConnectionUrlParts, clientId: string): ConnectionFormValues {
  return {
    ...url,
    name,
    clientId,
    credentialsMode: 'AUTO',
    clientCredentialsId: null,
    username: '',
    password: '',
    passwordRequired: false,
    mqttVersion: 5,
    cleanStart: true,
    ...DEFAULT_TIMINGS,
    sessionExpiryInterval: null,
    sessionExpiryIntervalUnit: 'SECONDS',
    maxPacketSize: null,
    maxPacketSizeUnit: 'KB',
    topicAliasMax: '',
    receiveMax: '',
    requestResponseInfo: false,
    requestProblemInfo: true,
    userProperties: [],
    lastWillEnabled: false,
    lastWill: NEW_LAST_WILL,
  };
}

export function connectionFormValuesOf({ name, configuration }: WsConnection): ConnectionFormValues {
  const defaults = newConnectionForm(name, urlPartsOf(configuration.url), configuration.clientId);
  const custom = configuration.credentialsMode === 'CUSTOM';
  return {
    ...defaults,
    credentialsMode: configuration.credentialsMode,
    clientCredentialsId: configuration.credentialsMode === 'EXISTING' ? (configuration.clientCredentialsId ?? null) : null,
    username: custom ? (configuration.username ?? '') : '',
    password: custom ? (configuration.password ?? '') : '',
    passwordRequired: custom && configuration.passwordRequired === true,
    mqttVersion: configuration.mqttVersion,
    cleanStart: configuration.cleanStart,
    keepAlive: configuration.keepAlive,
    keepAliveUnit: configuration.keepAliveUnit,
    connectTimeout: configuration.connectTimeout,
    connectTimeoutUnit: configuration.connectTimeoutUnit,
    reconnectPeriod: configuration.reconnectPeriod,
    reconnectPeriodUnit: configuration.reconnectPeriodUnit,
    sessionExpiryInterval: configuration.sessionExpiryInterval ?? null,
    sessionExpiryIntervalUnit: configuration.sessionExpiryIntervalUnit ?? defaults.sessionExpiryIntervalUnit,
    maxPacketSize: configuration.maxPacketSize ?? null,
    maxPacketSizeUnit: configuration.maxPacketSizeUnit ?? defaults.maxPacketSizeUnit,
    topicAliasMax: configuration.topicAliasMax === undefined ? '' : String(configuration.topicAliasMax),
    receiveMax: configuration.receiveMax === undefined ? '' : String(configuration.receiveMax),
    requestResponseInfo: configuration.requestResponseInfo ?? defaults.requestResponseInfo,
    requestProblemInfo: configuration.requestProblemInfo ?? defaults.requestProblemInfo,
    userProperties: configuration.userProperties ?? [],
    lastWillEnabled: Boolean(configuration.lastWillMsg),
    lastWill: configuration.lastWillMsg ? lastWillFormValuesOf(configuration.lastWillMsg) : NEW_LAST_WILL,
  };
}

/** The console's own checks, naming the field, before the broker sees the connection. */
export function validateConnectionForm(values: ConnectionFormValues): ConnectionFormErrors {
  const errors: ConnectionFormErrors = validateConnectionLimits(values);
  if (values.name.trim() === '') errors.name = { id: 'ws-client.connection.name-required' };
  if (values.host.trim() === '') errors.host = { id: 'ws-client.connection.host-required' };
  else if (!isValidHost(values.host)) errors.host = { id: 'ws-client.connection.host-invalid' };
  if (!isValidPort(values.port)) errors.port = { id: 'ws-client.connection.port-invalid' };
  if (values.clientId.trim() === '') errors.clientId = { id: 'ws-client.connection.client-id-required' };
  if (values.credentialsMode === 'EXISTING' && values.clientCredentialsId === null) errors.clientCredentialsId = { id: 'ws-client.connection.credentials-required' };
  if (values.credentialsMode === 'CUSTOM' && values.username.trim() === '') errors.username = { id: 'ws-client.connection.username-required' };
  if (values.lastWillEnabled) {
    const lastWill = validateLastWill(values.lastWill, isMqtt5(values.mqttVersion));
    if (Object.keys(lastWill).length > 0) errors.willMessage = lastWill;
  }
  return errors;
}

export const hasConnectionErrors = (errors: ConnectionFormErrors) => Object.keys(errors).length > 0;

const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The credentials part of the configuration: AUTO and EXISTING take none of a username or password. */
function credentialsOf(values: ConnectionFormValues, updating: boolean): Partial<WsConnectionConfiguration> {
  if (values.credentialsMode === 'AUTO') return { credentialsMode: 'AUTO', passwordRequired: false };
  // EXISTING keeps no password: the page asks for it on connect.
  if (values.credentialsMode === 'EXISTING') return { credentialsMode: 'EXISTING', clientCredentialsId: values.clientCredentialsId, passwordRequired: true };
  const custom: Partial<WsConnectionConfiguration> = { credentialsMode: 'CUSTOM', username: values.username.trim(), passwordRequired: values.passwordRequired };
  // Asked on connect: nothing kept. An empty field on update keeps the stored password.
  if (values.passwordRequired) return { ...custom, password: null };
  if (values.password !== '') return { ...custom, password: values.password };
  return updating ? custom : { ...custom, password: null };
}

/** The MQTT 5 connect properties that are set; MQTT 3.x sends none. */
function mqtt5PropertiesOf(values: ConnectionFormValues): Partial<WsConnectionConfiguration> {
  if (!isMqtt5(values.mqttVersion)) return {};
  const properties: Partial<WsConnectionConfiguration> = { requestResponseInfo: values.requestResponseInfo, requestProblemInfo: values.requestProblemInfo };
  if (values.sessionExpiryInterval !== null) Object.assign(properties, { sessionExpiryInterval: values.sessionExpiryInterval, sessionExpiryIntervalUnit: values.sessionExpiryIntervalUnit });
  if (values.maxPacketSize !== null) Object.assign(properties, { maxPacketSize: values.maxPacketSize, maxPacketSizeUnit: values.maxPacketSizeUnit });
  const topicAliasMax = numberOrNothing(values.topicAliasMax);
  if (topicAliasMax !== undefined) properties.topicAliasMax = topicAliasMax;
  const receiveMax = numberOrNothing(values.receiveMax);
  if (receiveMax !== undefined) properties.receiveMax = receiveMax;
  if (values.userProperties.length > 0) properties.userProperties = values.userProperties.map(({ key, value }) => ({ key: key.trim(), value }));
  return properties;
}

/** What POST /api/ws/connection takes; `existingId` updates that connection. */
export function connectionSaveOf(values: ConnectionFormValues, existingId?: string): WsConnectionSave {
  const configuration: WsConnectionConfiguration = {
    url: connectionUrlOf(values),
    clientId: values.clientId.trim(),
    credentialsMode: values.credentialsMode,
    ...credentialsOf(values, existingId !== undefined),
    mqttVersion: values.mqttVersion,
    cleanStart: values.cleanStart,
    keepAlive: values.keepAlive ?? 0,
    keepAliveUnit: values.keepAliveUnit,
    connectTimeout: values.connectTimeout ?? 0,
    connectTimeoutUnit: values.connectTimeoutUnit,
    reconnectPeriod: values.reconnectPeriod ?? 0,
    reconnectPeriodUnit: values.reconnectPeriodUnit,
    ...mqtt5PropertiesOf(values),
    lastWillMsg: values.lastWillEnabled ? lastWillOf(values.lastWill, isMqtt5(values.mqttVersion)) : null,
  };
  return { ...(existingId === undefined ? {} : { id: existingId }), name: values.name.trim(), configuration };
}
