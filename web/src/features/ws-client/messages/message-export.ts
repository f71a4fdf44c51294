import { saveFile } from '../../../components/download/save-file';
import { base64OfBytes, utf8TextOf } from '../../../components/payload-viewer/payload-content';
import type { WsMessage, WsMessageProperties } from './ws-message';

/** Bytes as `{name}` text when they are UTF-8, else as `{name}Base64`. */
function bytesForExport(name: string, bytes: Uint8Array): Record<string, string> {
  const text = utf8TextOf(bytes);
  return text === undefined ? { [`${name}Base64`]: base64OfBytes(bytes) } : { [name]: text };
}

function propertiesForExport(properties: WsMessageProperties) {
  const { correlationData, subscriptionIdentifier, ...rest } = properties;
  return {
    ...rest,
    ...(correlationData === undefined ? {} : bytesForExport('correlationData', correlationData)),
    ...(subscriptionIdentifier === undefined ? {} : { subscriptionIdentifiers: [subscriptionIdentifier].flat() }),
  };
}

/**
 * One message as a line of JSON: time as ISO 8601, the payload as `payload` text when it is UTF-8,
 * else as `payloadBase64` (correlation data likewise), and the MQTT 5 properties it carried.
 */
export function messageJsonLine(message: WsMessage): string {
  return JSON.stringify({
    seq: message.seq,
    time: new Date(message.time).toISOString(),
    direction: message.direction,
    topic: message.topic,
    qos: message.qos,
    retain: message.retain,
    ...bytesForExport('payload', message.payload),
    ...(message.properties ? { properties: propertiesForExport(message.properties) } : {}),
  });
}

/** The messages as JSON lines (one object per line, each line ending in a line feed). */
export function jsonLinesOf(messages: Iterable<WsMessage>): string {
  let lines = '';
  for (const message of messages) lines += `${messageJsonLine(message)}\n`;
  return lines;
}

/** Offers the messages as a .jsonl file download. */
export function downloadJsonLines(messages: Iterable<WsMessage>, fileName: string): void {
  saveFile(new Blob([jsonLinesOf(messages)], { type: 'application/x-ndjson' }), fileName);
}
