import type { IntlShape, MessageDescriptor } from 'react-intl';
import { disconnectReasonMessage } from '../../../components/mqtt/disconnect-reasons';

export type ReasonMessage = MessageDescriptor & { values?: Record<string, number> };

/** MQTT 5 CONNACK reason codes (section 3.2.2.2) beyond those the disconnect list of spec section 8 names. */
const CONNACK_ONLY_CODES: Readonly<Record<number, MessageDescriptor>> = {
  132: { id: 'ws-client.connack-code-132' },
  133: { id: 'ws-client.connack-code-133' },
  134: { id: 'ws-client.connack-code-134' },
  136: { id: 'ws-client.connack-code-136' },
  138: { id: 'ws-client.connack-code-138' },
};
/** MQTT 3.1.1 CONNACK return codes 1–5 (section 3.2.2.3) read as the MQTT 5 codes of the same meaning. */
const RETURN_CODE_311_AS_REASON: Record<number, number> = { 1: 132, 2: 133, 3: 136, 4: 134, 5: 135 };
/** SUBACK (section 3.9.3): 145 Packet Identifier in use is the one failure the other lists lack. */
const SUBACK_ONLY_CODES: Readonly<Record<number, MessageDescriptor>> = { 145: { id: 'ws-client.suback-code-145' } };

export const UNSUPPORTED_PROTOCOL_VERSION = 132;

/** The code's own text, else the text spec section 8 gives it, else "Reason code N". */
function codeMessage(code: number, ownCodes: Readonly<Record<number, MessageDescriptor>>): ReasonMessage {
  return ownCodes[code] ?? disconnectReasonMessage(code);
}

/** A CONNACK code as MQTT 5 numbers it: 3.1 and 3.1.1 return codes 1–5 become their MQTT 5 equals. */
export function connackReasonCode(code: number, protocolVersion: number): number {
  return protocolVersion === 5 ? code : (RETURN_CODE_311_AS_REASON[code] ?? code);
}

/** The text of a refused CONNACK, e.g. MQTT 5 134 or MQTT 3.1.1 4 → "Bad user name or password". */
export function connackReasonMessage(code: number, protocolVersion: number): ReasonMessage {
  return codeMessage(connackReasonCode(code, protocolVersion), CONNACK_ONLY_CODES);
}

/** The broker does not speak the version asked for: MQTT 5 0x84, or return code 1 of the older versions. */
export function refusesProtocolVersion(code: number, protocolVersion: number): boolean {
  return connackReasonCode(code, protocolVersion) === UNSUPPORTED_PROTOCOL_VERSION || (protocolVersion === 5 && code === 1);
}

/** A SUBACK code: 0–2 the QoS granted, 128 and up why the subscription was refused. */
export function subackReasonMessage(code: number): ReasonMessage {
  if (code >= 0 && code <= 2) return { id: 'ws-client.suback-granted', values: { qos: code } };
  return codeMessage(code, SUBACK_ONLY_CODES);
}

/** Any of these messages as text in the reader's language. */
export const formatReason = (intl: IntlShape, { values, ...descriptor }: ReasonMessage): string => intl.formatMessage(descriptor, values);
