import type { MessageDescriptor } from 'react-intl';
import type { WsLastWill } from '../../../../api/generated/model/wsLastWill';
import type { WsLastWillQos } from '../../../../api/generated/model/wsLastWillQos';
import type { WsPayloadType } from '../../../../api/generated/model/wsPayloadType';
import type { WsPublishProperties } from '../../../../api/generated/model/wsPublishProperties';
import type { WsTimeUnit } from '../../../../api/generated/model/wsTimeUnit';
import { toSeconds } from '../../../../components/unit-input/unit-rules';
import { messageFormValuesOf, messageOf, validateMessage } from '../../publish/publish-form-values';
import { connectionUserPropertiesOf, userPropertyListOf } from './connection-user-properties';
import { EMPTY_PUBLISH_PROPERTIES, MAX_FOUR_BYTE_INTEGER, type PublishPropertiesErrors, type PublishPropertiesFormValues } from '../../publish/publish-properties-values';

/** The will message the broker publishes when the connection drops without a DISCONNECT. */
export interface LastWillFormValues {
  topic: string;
  qos: WsLastWillQos;
  retain: boolean;
  /** The value input's value: a string, or parsed JSON (null while invalid). */
  payload: unknown;
  payloadType: WsPayloadType;
  /** MQTT 5: how long the broker waits before publishing it; null for no delay. */
  willDelayInterval: number | null;
  willDelayIntervalUnit: WsTimeUnit;
  /** MQTT 5 will properties: those of a PUBLISH without the topic alias. */
  properties: PublishPropertiesFormValues;
}

export type LastWillErrors = PublishPropertiesErrors & Partial<Record<'topic' | 'payload' | 'willDelayInterval', MessageDescriptor>>;

export const NEW_LAST_WILL: LastWillFormValues = {
  topic: '',
  qos: 0,
  retain: false,
  payload: '',
  payloadType: 'STRING',
  willDelayInterval: null,
  willDelayIntervalUnit: 'SECONDS',
  properties: EMPTY_PUBLISH_PROPERTIES,
};

/** A will message has no topic alias: there is no connection yet to agree one on (MQTT 5 section 3.1.3.2). */
const WITH_TOPIC_ALIAS = false;

export function validateLastWill(values: LastWillFormValues, mqtt5: boolean): LastWillErrors {
  const errors: LastWillErrors = validateMessage(values, mqtt5, WITH_TOPIC_ALIAS);
  const delay = values.willDelayInterval;
  if (mqtt5 && delay !== null && (delay < 0 || delay > MAX_FOUR_BYTE_INTEGER || toSeconds(delay, values.willDelayIntervalUnit) > MAX_FOUR_BYTE_INTEGER)) {
    errors.willDelayInterval = { id: 'ws-client.connection.will-delay-invalid' };
  }
  return errors;
}

/**
 * The will as the production broker keeps it: its MQTT 5 properties as flat fields, each unset one
 * answered as that broker answers it (null, 0 or false). MQTT 3.x connections send none of them.
 */
export function lastWillOf(values: LastWillFormValues, mqtt5: boolean): WsLastWill {
  const { properties, ...message } = messageOf(values, mqtt5, WITH_TOPIC_ALIAS);
  if (!mqtt5) return message;
  return {
    ...message,
    payloadFormatIndicator: properties?.payloadFormatIndicator === true,
    contentType: properties?.contentType ?? null,
    willDelayInterval: values.willDelayInterval ?? 0,
    willDelayIntervalUnit: values.willDelayIntervalUnit,
    msgExpiryInterval: properties?.messageExpiryInterval ?? 0,
    msgExpiryIntervalUnit: properties?.messageExpiryIntervalUnit ?? values.properties.messageExpiryIntervalUnit,
    responseTopic: properties?.responseTopic ?? null,
    correlationData: properties?.correlationData ?? null,
    // Starling's own: the production broker keeps no will user properties, so none is sent when empty.
    ...(properties?.userProperties ? { userProperties: connectionUserPropertiesOf(properties.userProperties) } : {}),
  };
}

/** A stored will back in the form; 0 for a delay or an expiry is none (the production broker's unset). */
export function lastWillFormValuesOf(will: WsLastWill): LastWillFormValues {
  const properties: WsPublishProperties = {
    payloadFormatIndicator: will.payloadFormatIndicator === true,
    ...(will.contentType ? { contentType: will.contentType } : {}),
    ...(will.msgExpiryInterval ? { messageExpiryInterval: will.msgExpiryInterval, messageExpiryIntervalUnit: will.msgExpiryIntervalUnit ?? 'SECONDS' } : {}),
    ...(will.responseTopic ? { responseTopic: will.responseTopic } : {}),
    ...(will.correlationData ? { correlationData: will.correlationData } : {}),
    userProperties: userPropertyListOf(will.userProperties),
  };
  const { topic, qos, retain, payloadType } = will;
  return {
    ...messageFormValuesOf({ topic, qos, retain, payload: will.payload ?? '', payloadType, properties }),
    willDelayInterval: will.willDelayInterval ? will.willDelayInterval : null,
    willDelayIntervalUnit: will.willDelayIntervalUnit ?? 'SECONDS',
  };
}
