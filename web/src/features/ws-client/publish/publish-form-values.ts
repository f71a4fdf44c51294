import type { MessageDescriptor } from 'react-intl';
import type { WsMqttVersion } from '../../../api/generated/model/wsMqttVersion';
import type { WsPayloadType } from '../../../api/generated/model/wsPayloadType';
import type { WsSavedMessageConfiguration } from '../../../api/generated/model/wsSavedMessageConfiguration';
import type { WsSavedMessageConfigurationQos } from '../../../api/generated/model/wsSavedMessageConfigurationQos';
import { hasWildcard, isValidTopicName } from '../../../components/mqtt/topic-name';
import { payloadTextOf, payloadValueOf } from './payload-value';
import {
  EMPTY_PUBLISH_PROPERTIES,
  type PublishPropertiesErrors,
  type PublishPropertiesFormValues,
  publishPropertiesFormValuesOf,
  publishPropertiesOf,
  validatePublishProperties,
} from './publish-properties-values';

/** Spec section 3: the topic a new message goes to. */
export const DEFAULT_PUBLISH_TOPIC = 'sensors/temperature';

export interface PublishFormValues {
  topic: string;
  qos: WsSavedMessageConfigurationQos;
  retain: boolean;
  /** The value input's value: a string, or parsed JSON (null while invalid). */
  payload: unknown;
  payloadType: WsPayloadType;
  properties: PublishPropertiesFormValues;
}

export type PublishFormErrors = PublishPropertiesErrors & Partial<Record<'topic' | 'payload', MessageDescriptor>>;

export const NEW_PUBLISH_FORM: PublishFormValues = {
  topic: DEFAULT_PUBLISH_TOPIC,
  qos: 0,
  retain: false,
  payload: '',
  payloadType: 'STRING',
  properties: EMPTY_PUBLISH_PROPERTIES,
};

/** MQTT 5 is the first version with PUBLISH properties (and will properties). */
export const supportsProperties = (mqttVersion: WsMqttVersion) => mqttVersion >= 5;

/** A topic name's problem: missing, a wildcard (topic names take none), or a NUL. */
export function topicNameError(topic: string): MessageDescriptor | undefined {
  if (topic.trim() === '') return { id: 'ws-client.publish.topic-required' };
  if (hasWildcard(topic)) return { id: 'ws-client.publish.topic-wildcard' };
  if (!isValidTopicName(topic.trim())) return { id: 'ws-client.publish.topic-invalid' };
  return undefined;
}

/**
 * What stops a message (a PUBLISH, or a will) from being sent: its topic, its payload, and its MQTT 5
 * properties where they are sent (`withTopicAlias`: a will has none).
 */
export function validateMessage(values: PublishFormValues, withProperties: boolean, withTopicAlias: boolean): PublishFormErrors {
  const errors: PublishFormErrors = withProperties ? validatePublishProperties(values.properties, withTopicAlias) : {};
  const topic = topicNameError(values.topic);
  if (topic) errors.topic = topic;
  if (payloadTextOf(values.payload, values.payloadType) === null) errors.payload = { id: 'ws-client.publish.payload-invalid' };
  return errors;
}

/** A message as the API takes it; without `withProperties` (MQTT 3.x) the properties are left out. */
export function messageOf(values: PublishFormValues, withProperties: boolean, withTopicAlias: boolean): WsSavedMessageConfiguration {
  const message: WsSavedMessageConfiguration = {
    topic: values.topic.trim(),
    qos: values.qos,
    retain: values.retain,
    payload: payloadTextOf(values.payload, values.payloadType) ?? '',
    payloadType: values.payloadType,
  };
  const properties = withProperties ? publishPropertiesOf(values.properties, withTopicAlias) : undefined;
  return properties ? { ...message, properties } : message;
}

/** A stored message (a saved one, or a will) back in the form. */
export function messageFormValuesOf(message: WsSavedMessageConfiguration): PublishFormValues {
  return {
    topic: message.topic,
    qos: message.qos,
    retain: message.retain,
    payload: payloadValueOf(message.payload, message.payloadType),
    payloadType: message.payloadType,
    properties: publishPropertiesFormValuesOf(message.properties),
  };
}

/** What stops the message from being sent; the properties count only where the connection sends them. */
export const validatePublishForm = (values: PublishFormValues, mqttVersion: WsMqttVersion): PublishFormErrors => validateMessage(values, supportsProperties(mqttVersion), true);

/** The message to publish (and to save): MQTT 3.x connections leave the properties out. */
export const publishMessageOf = (values: PublishFormValues, mqttVersion: WsMqttVersion): WsSavedMessageConfiguration => messageOf(values, supportsProperties(mqttVersion), true);

/** A saved message loaded back into the form. */
export const publishFormValuesOf = messageFormValuesOf;
