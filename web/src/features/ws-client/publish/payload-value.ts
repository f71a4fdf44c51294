import type { WsPayloadType } from '../../../api/generated/model/wsPayloadType';

/**
 * A payload as the value input holds it (a string, or parsed JSON) turned into the text a message
 * carries; null while it is not a value of its type (the value input emits null for invalid JSON).
 */
export function payloadTextOf(value: unknown, type: WsPayloadType): string | null {
  if (type === 'STRING') return typeof value === 'string' ? value : null;
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** A saved payload text back into the value input's value: parsed for JSON, null when it does not parse. */
export function payloadValueOf(text: string, type: WsPayloadType): unknown {
  if (type === 'STRING') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
