/** A message taken for an integration: what its target is sent, kept in the backlog until it is delivered. */
export interface CapturedMessage {
  topic: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  /** The publisher's client id. */
  clientId: string;
  /** When the node took it, epoch milliseconds. */
  ts: number;
  payload: Buffer;
  /** MQTT 5 user properties (the production broker's `props`). */
  userProperties?: Record<string, string | string[]>;
  contentType?: string;
}

/** A captured message in its integration's backlog. */
export interface BacklogEntry extends CapturedMessage {
  /** Its place in the backlog: integrations deliver in this order per source topic. */
  seq: number;
  /** What it counts against the backlog's bound. */
  bytes: number;
  /** Attempts that failed so far (not stored: a restart starts again at 0). */
  attempts: number;
}

/** What an entry costs beside its payload and topic: the objects and the row that hold it. */
const ENTRY_OVERHEAD_BYTES = 160;

/** What a message counts against its backlog's bound: every field it keeps, in UTF-8 bytes, and the overhead. */
export function entryBytes(message: CapturedMessage): number {
  const properties = message.userProperties ? Buffer.byteLength(JSON.stringify(message.userProperties)) : 0;
  const contentType = message.contentType === undefined ? 0 : Buffer.byteLength(message.contentType);
  return message.payload.length + Buffer.byteLength(message.topic) + Buffer.byteLength(message.clientId) + properties + contentType + ENTRY_OVERHEAD_BYTES;
}

/** The row's message column: every field but the payload, which is a BLOB of its own. */
export function messageFields(message: CapturedMessage): string {
  const { topic, qos, retain, clientId, ts, userProperties, contentType } = message;
  return JSON.stringify({ topic, qos, retain, clientId, ts, userProperties, contentType });
}

export function messageFromRow(fields: string, payload: Uint8Array): CapturedMessage {
  return { ...(JSON.parse(fields) as Omit<CapturedMessage, 'payload'>), payload: Buffer.from(payload) };
}
