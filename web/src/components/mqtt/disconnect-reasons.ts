import type { MessageDescriptor } from 'react-intl';

/** Spec section 8: the MQTT disconnect reason codes the console names (MQTT 5, section 3.14.2.1). */
export const DISCONNECT_REASON_CODES = [
  0, 4, 128, 129, 130, 131, 135, 137, 139, 140, 141, 142, 143, 144, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158,
  159, 160, 161, 162,
] as const;

export type DisconnectReasonCode = (typeof DISCONNECT_REASON_CODES)[number];

function isKnownReasonCode(code: number): code is DisconnectReasonCode {
  return (DISCONNECT_REASON_CODES as readonly number[]).includes(code);
}

/**
 * The text of a disconnect reason code, e.g. 152 → "Administrative action"; a code the spec does not
 * name reads "Reason code 7" rather than nothing.
 */
export function disconnectReasonMessage(code: number): MessageDescriptor & { values?: Record<string, number> } {
  if (isKnownReasonCode(code)) return { id: `mqtt-disconnect-reason.code-${code}` };
  return { id: 'mqtt-disconnect-reason.unknown-code', values: { code } };
}
