import type { PayloadContentType } from '../client-settings.js';
import type { CapturedMessage } from './captured-message.js';

/** Who sends the document: the node and the integration's metadata (with its name). */
export interface DocumentSource {
  nodeId: string;
  metadata: Record<string, string>;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a payload is taken when it is sent as asked: JSON only when it parses, else BINARY when
 * sendBinaryOnParseFailure; otherwise the attempt fails with this error (the message stays in
 * the backlog and the error is shown).
 */
export function sentContentType(payload: Buffer, contentType: PayloadContentType, binaryOnFailure: boolean): PayloadContentType {
  if (contentType !== 'JSON' || parsesAsJson(payload.toString('utf8'))) return contentType;
  if (binaryOnFailure) return 'BINARY';
  throw new Error('The payload is not JSON (payloadContentType JSON, sendBinaryOnParseFailure false)');
}

/** The payload as the document holds it: parsed JSON, text, or base64 (BINARY). */
export function documentPayload(payload: Buffer, contentType: PayloadContentType, binaryOnFailure: boolean): unknown {
  switch (sentContentType(payload, contentType, binaryOnFailure)) {
    case 'JSON':
      return JSON.parse(payload.toString('utf8')) as unknown;
    case 'TEXT':
      return payload.toString('utf8');
    case 'BINARY':
      return payload.toString('base64');
  }
}

/**
 * The JSON document a target is sent when it is not to get the payload alone, in the production
 * broker's fields: payload, topicName, clientId, eventType, qos, retain, the node (tbmqNode and
 * tbmqIeNode: this node sends it itself), ts, props (the MQTT 5 user properties) and metadata.
 */
export function messageDocument(message: CapturedMessage, source: DocumentSource, payload: unknown): Buffer {
  return Buffer.from(
    JSON.stringify({
      payload,
      topicName: message.topic,
      clientId: message.clientId,
      eventType: 'PUBLISH_MSG',
      qos: message.qos,
      retain: message.retain,
      tbmqIeNode: source.nodeId,
      tbmqNode: source.nodeId,
      ts: message.ts,
      props: message.userProperties ?? {},
      metadata: source.metadata,
    }),
    'utf8',
  );
}
