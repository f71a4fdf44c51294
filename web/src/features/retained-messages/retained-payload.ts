import type { RetainedMessageDetails } from '../../api/generated/model/retainedMessageDetails';
import type { RetainedMessageInfo } from '../../api/generated/model/retainedMessageInfo';
import { bytesOfBase64 } from '../../components/payload-viewer/payload-content';

/**
 * The payload's bytes: exact from Starling's payloadBase64; otherwise the UTF-8 bytes of the text a
 * production broker sends (exact for text payloads; binary bytes arrive there as U+FFFD already).
 */
export function retainedPayloadBytes(message: Pick<RetainedMessageDetails, 'payload' | 'payloadBase64'>): Uint8Array {
  return message.payloadBase64 === undefined ? new TextEncoder().encode(message.payload) : bytesOfBase64(message.payloadBase64);
}

/** The MQTT 5 user properties a message carries (the production broker sends null for none). */
export function userPropertyPairs(message: Pick<RetainedMessageInfo, 'userProperties'>): { k: string; v: string }[] {
  return message.userProperties?.props ?? [];
}
