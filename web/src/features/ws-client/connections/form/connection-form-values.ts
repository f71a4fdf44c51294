import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import type { WsConnectionConfiguration } from '../../../../api/generated/model/wsConnectionConfiguration';
import type { WsConnectionSave } from '../../../../api/generated/model/wsConnectionSave';
import type { WsCredentialsMode } from '../../../../api/generated/model/wsCredentialsMode';
import type { WsMqttVersion } from '../../../../api/generated/model/wsMqttVersion';
import { connectionUserPropertiesOf, userPropertyListOf } from './connection-user-properties';
import { type ConnectionUrlParts, connectionUrlOf, isValidHost, isValidPort, urlPartsOf } from './connection-url';
import type { ConnectionFormErrors, ConnectionFormValues } from './connection-form-types';
import { validateConnectionLimits } from './connection-limits';
import { lastWillFormValuesOf, lastWillOf, NEW_LAST_WILL, validateLastWill } from './last-will-values';

export type { ConnectionFormErrors, ConnectionFormField, ConnectionFormValues } from './connection-form-types';

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
    rejectUnauthorized: false,
    mqttVersion: 5,
    cleanStart: true,
    ...DEFAULT_TIMINGS,
    sessionExpiryInterval: null,
    sessionExpiryIntervalUnit: 'SECONDS',
    maxPacketSize: null,
    maxPacketSizeUnit: 'KILOBYTE',
    topicAliasMax: '',
    receiveMax: '',
    requestResponseInfo: false,
    requestProblemInfo: true,
    userProperties: [],
    lastWillEnabled: false,
    lastWill: NEW_LAST_WILL,
  };
}

/**
 * The mode of a saved connection: Starling answers its own; the production broker keeps none, and a
 * connection linked to client credentials uses those (EXISTING), one that is not its own (CUSTOM).
 */
export const credentialsModeOf = ({ credentialsMode, clientCredentialsId }: WsConnectionConfiguration): WsCredentialsMode =>
  credentialsMode ?? (clientCredentialsId ? 'EXISTING' : 'CUSTOM');

/** A saved connection in the form; fields a broker leaves out or answers null or 0 for "unset" take the new connection's values. */
export function connectionFormValuesOf({ name, configuration }: WsConnection): ConnectionFormValues {
  const defaults = newConnectionForm(name, urlPartsOf(configuration.url), configuration.clientId);
  const credentialsMode = credentialsModeOf(configuration);
  return {
    ...defaults,
    credentialsMode,
    clientCredentialsId: credentialsMode === 'EXISTING' ? (configuration.clientCredentialsId ?? null) : null,
    // EXISTING: the linked credentials' username, kept as saved.
    username: credentialsMode === 'AUTO' ? '' : (configuration.username ?? ''),
    password: credentialsMode === 'CUSTOM' ? (configuration.password ?? '') : '',
    passwordRequired: credentialsMode !== 'AUTO' && configuration.passwordRequired === true,
    rejectUnauthorized: configuration.rejectUnauthorized === true,
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
    maxPacketSize: configuration.maxPacketSize ? configuration.maxPacketSize : null,
    maxPacketSizeUnit: configuration.maxPacketSizeUnit ?? defaults.maxPacketSizeUnit,
    topicAliasMax: configuration.topicAliasMax === undefined ? '' : String(configuration.topicAliasMax),
    receiveMax: configuration.receiveMax ? String(configuration.receiveMax) : '',
    requestResponseInfo: configuration.requestResponseInfo ?? defaults.requestResponseInfo,
    requestProblemInfo: configuration.requestProblemInfo ?? defaults.requestProblemInfo,
    userProperties: userPropertyListOf(configuration.userProperties),
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

/**
 * The credentials part of the configuration, in the production broker's fields (clientCredentialsId,
 * username, passwordRequired) plus Starling's mode and password: AUTO takes neither a username nor
 * credentials (the broker makes them), EXISTING links credentials, CUSTOM has its own username.
 */
function credentialsOf(values: ConnectionFormValues, updating: boolean): Partial<WsConnectionConfiguration> {
  if (values.credentialsMode === 'AUTO') return { credentialsMode: 'AUTO', clientCredentialsId: null, username: null, passwordRequired: false };
  // EXISTING keeps no password: the page asks for it on connect when the credentials have one.
  if (values.credentialsMode === 'EXISTING') {
    return { credentialsMode: 'EXISTING', clientCredentialsId: values.clientCredentialsId, username: values.username.trim() || null, passwordRequired: values.passwordRequired };
  }
  const custom: Partial<WsConnectionConfiguration> = { credentialsMode: 'CUSTOM', clientCredentialsId: null, username: values.username.trim(), passwordRequired: values.passwordRequired };
  // Asked on connect: nothing kept. An empty field on update keeps the stored password.
  if (values.passwordRequired) return { ...custom, password: null };
  if (values.password !== '') return { ...custom, password: values.password };
  return updating ? custom : { ...custom, password: null };
}

/**
 * The MQTT 5 connect properties, each as the production broker keeps it (0 for one that is not
 * sent); MQTT 3.x connections keep them too but send none.
 */
function mqtt5PropertiesOf(values: ConnectionFormValues): Partial<WsConnectionConfiguration> {
  return {
    sessionExpiryInterval: values.sessionExpiryInterval ?? 0,
    sessionExpiryIntervalUnit: values.sessionExpiryIntervalUnit,
    maxPacketSize: values.maxPacketSize ?? 0,
    maxPacketSizeUnit: values.maxPacketSizeUnit,
    topicAliasMax: numberOrNothing(values.topicAliasMax) ?? 0,
    receiveMax: numberOrNothing(values.receiveMax) ?? 0,
    requestResponseInfo: values.requestResponseInfo,
    requestProblemInfo: values.requestProblemInfo,
    userProperties: connectionUserPropertiesOf(values.userProperties),
  };
}

/** What POST /api/ws/connection takes for the signed-in user `userId`; `existingId` updates that connection. */
export function connectionSaveOf(values: ConnectionFormValues, userId: string, existingId?: string): WsConnectionSave {
  const configuration: WsConnectionConfiguration = {
    url: connectionUrlOf(values),
    rejectUnauthorized: values.rejectUnauthorized,
    clientId: values.clientId.trim(),
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
  return { ...(existingId === undefined ? {} : { id: existingId }), name: values.name.trim(), userId, configuration };
}
