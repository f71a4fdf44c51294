// MQTT 5 reason codes the node sends itself (MQTT 5.0 section 2.4); Aedes sends its own.

/** The first code that reports a failure: codes below it report success. */
export const FIRST_ERROR_REASON_CODE = 0x80;
export const MALFORMED_PACKET = 0x81;
export const PROTOCOL_ERROR = 0x82;
export const TOPIC_FILTER_INVALID = 0x8f;
export const TOPIC_NAME_INVALID = 0x90;
/** The client sent more unacknowledged QoS 1/2 PUBLISHes than the broker's Receive Maximum. */
export const RECEIVE_MAXIMUM_EXCEEDED = 0x93;
/**
 * Something the node holds is at its bound: CONNACK of a session beyond it, PUBACK or PUBREC of
 * a message it cannot take now, SUBACK of a membership beyond it.
 */
export const QUOTA_EXCEEDED = 0x97;
