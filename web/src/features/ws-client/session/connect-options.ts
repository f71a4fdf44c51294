import type { IClientOptions, IClientPublishOptions } from 'mqtt';
import type { WsConnection } from '../../../api/generated/model/wsConnection';
import type { WsConnectionConfiguration } from '../../../api/generated/model/wsConnectionConfiguration';
import type { WsLastWill } from '../../../api/generated/model/wsLastWill';
import type { WsPublishProperties } from '../../../api/generated/model/wsPublishProperties';
import { toBytes, toMilliseconds, toSeconds } from '../../../components/unit-input/unit-rules';
import { toMqttUserProperties } from '../../../components/user-properties/user-properties-rules';
import { userPropertyListOf } from '../connections/form/connection-user-properties';

type ConnectProperties = NonNullable<IClientOptions['properties']>;
type WillProperties = NonNullable<NonNullable<IClientOptions['will']>['properties']>;
type PublishProperties = NonNullable<IClientPublishOptions['properties']>;
/** mqtt.js types binary properties as Node's Buffer; in the browser its writer takes any byte array. */
type Bytes = NonNullable<PublishProperties['correlationData']>;

const utf8 = new TextEncoder();

/** Text as the bytes MQTT carries for binary properties such as correlation data. */
export const bytesOfText = (text: string): Bytes => utf8.encode(text) as unknown as Bytes;

/**
 * Whether connecting needs a password the page does not have: one asked for on every connect
 * (openapi.yaml WsConnectionConfiguration; linked credentials with a password are saved so), or one
 * the broker withholds because an administrator signed in as the connection's owner.
 */
export const needsPassword = (configuration: WsConnectionConfiguration): boolean => configuration.passwordRequired === true || configuration.passwordWithheld === true;

const orUndefined = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);

/** MQTT 5 PUBLISH properties (for a message or a will) in mqtt.js's shape; units become seconds. */
export function publishProperties(properties: WsPublishProperties | undefined): PublishProperties | undefined {
  if (!properties) return undefined;
  const converted: PublishProperties = {};
  if (properties.payloadFormatIndicator !== undefined) converted.payloadFormatIndicator = properties.payloadFormatIndicator;
  if (properties.messageExpiryInterval !== undefined) {
    converted.messageExpiryInterval = Math.round(toSeconds(properties.messageExpiryInterval, properties.messageExpiryIntervalUnit ?? 'SECONDS'));
  }
  if (properties.topicAlias !== undefined) converted.topicAlias = properties.topicAlias;
  if (orUndefined(properties.contentType) !== undefined) converted.contentType = properties.contentType;
  if (orUndefined(properties.responseTopic) !== undefined) converted.responseTopic = properties.responseTopic;
  if (orUndefined(properties.correlationData) !== undefined) converted.correlationData = bytesOfText(properties.correlationData ?? '');
  const userProperties = toMqttUserProperties(properties.userProperties ?? []);
  if (Object.keys(userProperties).length > 0) converted.userProperties = userProperties;
  return Object.keys(converted).length > 0 ? converted : undefined;
}

/** The will with its MQTT 5 properties, kept flat as the production broker keeps them; 0 and null are unset. */
function willOf(will: WsLastWill, mqtt5: boolean): IClientOptions['will'] {
  const result: NonNullable<IClientOptions['will']> = { topic: will.topic, payload: will.payload ?? '', qos: will.qos, retain: will.retain };
  if (!mqtt5) return result;
  const properties: WillProperties = publishProperties({
    ...(will.payloadFormatIndicator ? { payloadFormatIndicator: true } : {}),
    ...(will.msgExpiryInterval ? { messageExpiryInterval: will.msgExpiryInterval, messageExpiryIntervalUnit: will.msgExpiryIntervalUnit ?? 'SECONDS' } : {}),
    ...(will.contentType ? { contentType: will.contentType } : {}),
    ...(will.responseTopic ? { responseTopic: will.responseTopic } : {}),
    ...(will.correlationData ? { correlationData: will.correlationData } : {}),
    userProperties: userPropertyListOf(will.userProperties),
  }) ?? {};
  if (will.willDelayInterval) properties.willDelayInterval = Math.round(toSeconds(will.willDelayInterval, will.willDelayIntervalUnit ?? 'SECONDS'));
  if (Object.keys(properties).length > 0) result.properties = properties;
  return result;
}

function connectProperties(configuration: WsConnectionConfiguration): ConnectProperties | undefined {
  const properties: ConnectProperties = {};
  if (configuration.sessionExpiryInterval !== undefined) {
    properties.sessionExpiryInterval = Math.round(toSeconds(configuration.sessionExpiryInterval, configuration.sessionExpiryIntervalUnit ?? 'SECONDS'));
  }
  // 0 is the production broker's "not set" for these two (MQTT allows neither as a value).
  if (configuration.receiveMax) properties.receiveMaximum = configuration.receiveMax;
  if (configuration.maxPacketSize) properties.maximumPacketSize = toBytes(configuration.maxPacketSize, configuration.maxPacketSizeUnit ?? 'BYTE');
  if (configuration.topicAliasMax !== undefined) properties.topicAliasMaximum = configuration.topicAliasMax;
  if (configuration.requestResponseInfo !== undefined) properties.requestResponseInformation = configuration.requestResponseInfo;
  if (configuration.requestProblemInfo !== undefined) properties.requestProblemInformation = configuration.requestProblemInfo;
  const userProperties = toMqttUserProperties(userPropertyListOf(configuration.userProperties));
  if (Object.keys(userProperties).length > 0) properties.userProperties = userProperties;
  return Object.keys(properties).length > 0 ? properties : undefined;
}

export interface ConnectRequest {
  /** The password typed at connect time: EXISTING credentials, or a connection that asks every time. */
  password?: string;
}

/**
 * mqtt.js options for a saved connection (spec section 3, web-socket client): the MQTT version
 * (3.1 speaks protocol name MQIsdp), durations in the units mqtt.js wants (keep-alive in seconds,
 * timeouts in milliseconds), MQTT 5 properties and the will only where the version has them, and
 * the credentials of the connection's mode.
 */
export function connectOptions(connection: WsConnection, request: ConnectRequest = {}): IClientOptions {
  const configuration = connection.configuration;
  const mqtt5 = configuration.mqttVersion === 5;
  const options: IClientOptions = {
    protocolVersion: configuration.mqttVersion,
    clientId: configuration.clientId,
    clean: configuration.cleanStart,
    keepalive: Math.round(toSeconds(configuration.keepAlive, configuration.keepAliveUnit)),
    connectTimeout: toMilliseconds(configuration.connectTimeout, configuration.connectTimeoutUnit),
    reconnectPeriod: toMilliseconds(configuration.reconnectPeriod, configuration.reconnectPeriodUnit),
    // The page shows a refused CONNACK and stops there rather than knocking again.
    reconnectOnConnackError: false,
  };
  if (configuration.mqttVersion === 3) options.protocolId = 'MQIsdp';
  const username = orUndefined(configuration.username);
  if (username !== undefined) options.username = username;
  const password = needsPassword(configuration) ? request.password : (request.password ?? orUndefined(configuration.password));
  if (password !== undefined) options.password = password;
  if (mqtt5) {
    const properties = connectProperties(configuration);
    if (properties) options.properties = properties;
  }
  if (configuration.lastWillMsg) options.will = willOf(configuration.lastWillMsg, mqtt5);
  return options;
}
