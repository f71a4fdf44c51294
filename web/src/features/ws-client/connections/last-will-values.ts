import type { MessageDescriptor } from 'react-intl';
import type { WsLastWill } from '../../../api/generated/model/wsLastWill';
import type { WsLastWillQos } from '../../../api/generated/model/wsLastWillQos';
import type { WsPayloadType } from '../../../api/generated/model/wsPayloadType';
import type { WsTimeUnit } from '../../../api/generated/model/wsTimeUnit';
import { toSeconds } from '../../../components/unit-input/unit-rules';
import { messageFormValuesOf, messageOf, validateMessage } from '../publish/publish-form-values';
import { EMPTY_PUBLISH_PROPERTIES, MAX_FOUR_BYTE_INTEGER, type PublishPropertiesErrors, type PublishPropertiesFormValues } from '../publish/publish-properties-values';

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

export function lastWillOf(values: LastWillFormValues, mqtt5: boolean): WsLastWill {
  const will: WsLastWill = messageOf(values, mqtt5, WITH_TOPIC_ALIAS);
  if (mqtt5 && values.willDelayInterval !== null) {
    will.willDelayInterval = values.willDelayInterval;
    will.willDelayIntervalUnit = values.willDelayIntervalUnit;
  }
  return will;
}

export function lastWillFormValuesOf(will: WsLastWill): LastWillFormValues {
  return {
    ...messageFormValuesOf(will),
    willDelayInterval: will.willDelayInterval ?? null,
    willDelayIntervalUnit: will.willDelayIntervalUnit ?? 'SECONDS',
  };
}
