import type { MessageDescriptor } from 'react-intl';
import type { WsPublishProperties } from '../../../api/generated/model/wsPublishProperties';
import type { WsTimeUnit } from '../../../api/generated/model/wsTimeUnit';
import type { WsUserProperty } from '../../../api/generated/model/wsUserProperty';
import { isValidTopicName } from '../../../components/mqtt/topic-name';
import { toSeconds } from '../../../components/unit-input/unit-rules';

/** MQTT 5 section 2.2.2.2: four-byte integers (expiry intervals) and two-byte ones (topic alias). */
export const MAX_FOUR_BYTE_INTEGER = 4_294_967_295;
export const MAX_TWO_BYTE_INTEGER = 65_535;

/** The MQTT 5 PUBLISH properties as a form edits them (a will message takes the same but the topic alias). */
export interface PublishPropertiesFormValues {
  contentType: string;
  payloadFormatIndicator: boolean;
  /** Null: the message does not expire. */
  messageExpiryInterval: number | null;
  messageExpiryIntervalUnit: WsTimeUnit;
  /** As typed; empty for none. */
  topicAlias: string;
  responseTopic: string;
  correlationData: string;
  userProperties: WsUserProperty[];
}

export type PublishPropertiesField = 'messageExpiryInterval' | 'topicAlias' | 'responseTopic' | 'userProperties';
export type PublishPropertiesErrors = Partial<Record<PublishPropertiesField, MessageDescriptor>>;

export const EMPTY_PUBLISH_PROPERTIES: PublishPropertiesFormValues = {
  contentType: '',
  payloadFormatIndicator: false,
  messageExpiryInterval: null,
  messageExpiryIntervalUnit: 'SECONDS',
  topicAlias: '',
  responseTopic: '',
  correlationData: '',
  userProperties: [],
};

export function publishPropertiesFormValuesOf(properties: WsPublishProperties | undefined): PublishPropertiesFormValues {
  if (!properties) return EMPTY_PUBLISH_PROPERTIES;
  return {
    contentType: properties.contentType ?? '',
    payloadFormatIndicator: properties.payloadFormatIndicator === true,
    messageExpiryInterval: properties.messageExpiryInterval ?? null,
    messageExpiryIntervalUnit: properties.messageExpiryIntervalUnit ?? 'SECONDS',
    topicAlias: properties.topicAlias === undefined ? '' : String(properties.topicAlias),
    responseTopic: properties.responseTopic ?? '',
    correlationData: properties.correlationData ?? '',
    userProperties: properties.userProperties ?? [],
  };
}

const isWholeNumberIn = (text: string, min: number, max: number) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

/** The checks MQTT 5 puts on the properties; `withTopicAlias` is false for a will message, which has none. */
export function validatePublishProperties(values: PublishPropertiesFormValues, withTopicAlias: boolean): PublishPropertiesErrors {
  const errors: PublishPropertiesErrors = {};
  const expiry = values.messageExpiryInterval;
  if (expiry !== null && (expiry < 0 || expiry > MAX_FOUR_BYTE_INTEGER || toSeconds(expiry, values.messageExpiryIntervalUnit) > MAX_FOUR_BYTE_INTEGER)) {
    errors.messageExpiryInterval = { id: 'ws-client.publish.message-expiry-invalid' };
  }
  const alias = values.topicAlias.trim();
  if (withTopicAlias && alias !== '' && !isWholeNumberIn(alias, 1, MAX_TWO_BYTE_INTEGER)) errors.topicAlias = { id: 'ws-client.publish.topic-alias-invalid' };
  const responseTopic = values.responseTopic.trim();
  if (responseTopic !== '' && !isValidTopicName(responseTopic)) errors.responseTopic = { id: 'ws-client.publish.response-topic-invalid' };
  if (values.userProperties.some((property) => property.key.trim() === '')) errors.userProperties = { id: 'ws-client.publish.user-property-key-required' };
  return errors;
}

/** The properties as the API takes them, the empty ones left out; undefined when none is set. */
export function publishPropertiesOf(values: PublishPropertiesFormValues, withTopicAlias: boolean): WsPublishProperties | undefined {
  const properties: WsPublishProperties = {};
  const contentType = values.contentType.trim();
  if (contentType !== '') properties.contentType = contentType;
  if (values.payloadFormatIndicator) properties.payloadFormatIndicator = true;
  if (values.messageExpiryInterval !== null) {
    properties.messageExpiryInterval = values.messageExpiryInterval;
    properties.messageExpiryIntervalUnit = values.messageExpiryIntervalUnit;
  }
  if (withTopicAlias && values.topicAlias.trim() !== '') properties.topicAlias = Number(values.topicAlias.trim());
  if (values.responseTopic.trim() !== '') properties.responseTopic = values.responseTopic.trim();
  if (values.correlationData !== '') properties.correlationData = values.correlationData;
  if (values.userProperties.length > 0) properties.userProperties = values.userProperties.map(({ key, value }) => ({ key: key.trim(), value }));
  return Object.keys(properties).length === 0 ? undefined : properties;
}
