// Spec section 3, payload content types (JSON, TEXT, BINARY): how a message payload is read and
// shown. The retained messages page and the web-socket client show payloads through these rules.

export const PAYLOAD_CONTENT_TYPES = ['JSON', 'TEXT', 'BINARY'] as const;
export type PayloadContentType = (typeof PAYLOAD_CONTENT_TYPES)[number];

/** MQTT 5 Payload Format Indicator (section 3.3.2.3.2): 1 says UTF-8 text, 0 or none unspecified bytes. */
export type PayloadFormatIndicator = 0 | 1 | null | undefined;

export function bytesOfBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes a limited number of arguments.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * How many bytes at the end start a UTF-8 sequence that the bytes do not finish (0 to 3): where a
 * payload shortened for a preview cut a character in two.
 */
function unfinishedSequenceAtEnd(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * The bytes as UTF-8 text, or undefined when they are not valid UTF-8. When they are only the
 * first bytes of a payload (`truncated`), a character cut in two at the end is left out.
 */
export function utf8TextOf(bytes: Uint8Array, { truncated = false } = {}): string | undefined {
  const end = truncated ? bytes.length - unfinishedSequenceAtEnd(bytes) : bytes.length;
  try {
    return strictUtf8.decode(bytes.subarray(0, end));
  } catch {
    return undefined;
  }
}

/** Text with control characters besides tab, line feed and carriage return is data, not for reading. */
export function isReadableText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}

/** Deeper JSON than this is shown as text: a tree that deep cannot be read, and would not render. */
export const MAX_JSON_TREE_DEPTH = 200;

/** How deep objects and arrays nest in a JSON text, counted without recursion (strings skipped). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') deepest = Math.max(deepest, ++depth);
    else if (character === '}' || character === ']') depth -= 1;
  }
  return deepest;
}

/**
 * The value of a JSON object or array; undefined for anything else (a bare number or string reads
 * best as text) and for documents nested deeper than MAX_JSON_TREE_DEPTH.
 */
export function parsedJsonDocument(text: string): { value: unknown } | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  if (jsonNestingDepth(text) > MAX_JSON_TREE_DEPTH) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

export interface PayloadReading {
  /** The payload as UTF-8 text; undefined when it is not valid UTF-8. */
  text: string | undefined;
  /** The parsed JSON object or array, when the text is one. */
  json: { value: unknown } | undefined;
  /** How to show the payload first. */
  suggested: PayloadContentType;
}

/**
 * How a payload reads: BINARY when its bytes are not valid UTF-8, or hold control characters and
 * the publisher did not mark them as text (format indicator 1); otherwise JSON when the text is a
 * JSON object or array, else TEXT.
 */
export function readPayload(bytes: Uint8Array, formatIndicator: PayloadFormatIndicator): PayloadReading {
  const text = utf8TextOf(bytes);
  if (text === undefined) return { text, json: undefined, suggested: 'BINARY' };
  const json = parsedJsonDocument(text);
  if (json) return { text, json, suggested: 'JSON' };
  return { text, json, suggested: formatIndicator === 1 || isReadableText(text) ? 'TEXT' : 'BINARY' };
}

/** The views an operator may switch to: JSON only when the payload is JSON; text and bytes always (invalid UTF-8 shows replacement characters). */
export function availableContentTypes(reading: PayloadReading): PayloadContentType[] {
  return PAYLOAD_CONTENT_TYPES.filter((type) => type !== 'JSON' || reading.json !== undefined);
}

/** The text view of any payload: invalid UTF-8 sequences become U+FFFD. */
export function lenientTextOf(bytes: Uint8Array): string {
  return lenientUtf8.decode(bytes);
}

const hexByte = (byte: number) => byte.toString(16).padStart(2, '0');

/** The bytes as hex pairs, e.g. "00 1f ff". */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, hexByte).join(' ');
}

/**
 * A hex dump: per line the offset, 16 bytes in two groups of 8, and the printable ASCII of those
 * bytes ("." for the rest), e.g. `00000000  7b 22 61 22 3a 31 7d                              |{"a":1}|`.
 */
export function hexDump(bytes: Uint8Array, bytesPerLine = 16): string {
  const lines: string[] = [];
  const half = bytesPerLine / 2;
  for (let offset = 0; offset < bytes.length; offset += bytesPerLine) {
    const line = bytes.subarray(offset, offset + bytesPerLine);
    const hex = Array.from({ length: bytesPerLine }, (_, index) => (index < line.length ? hexByte(line[index] as number) : '  '));
    const ascii = Array.from(line, (byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex.slice(0, half).join(' ')}  ${hex.slice(half).join(' ')}  |${ascii}|`);
  }
  return lines.join('\n');
}

export interface PayloadPreview {
  kind: 'TEXT' | 'BINARY';
  text: string;
}

/**
 * One line for a list: the text with its whitespace runs shown as single spaces, or the leading
 * bytes in hex for a binary payload. `truncated`: the bytes are only the payload's first ones.
 */
export function payloadPreview(bytes: Uint8Array, formatIndicator: PayloadFormatIndicator, { truncated = false } = {}): PayloadPreview {
  const text = utf8TextOf(bytes, { truncated });
  if (text !== undefined && (formatIndicator === 1 || isReadableText(text))) return { kind: 'TEXT', text: text.replace(/\s+/g, ' ').trim() };
  return { kind: 'BINARY', text: hexOf(bytes) };
}

/** How many values a JSON document holds, its objects and arrays counted too (without recursion). */
export function countJsonValues(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    count += 1;
    // One at a time: spreading a list of a million items would overflow the stack it avoids.
    if (next !== null && typeof next === 'object') for (const item of Object.values(next)) pending.push(item);
  }
  return count;
}

/** A document of more values than this opens with its nested objects and arrays folded. */
export const LARGE_JSON_VALUES = 200;

/** Whether an object or array at this depth (0: the document) starts folded: only in large documents, and never the top two levels. */
export function startsFolded(depth: number, documentValues: number): boolean {
  return documentValues > LARGE_JSON_VALUES && depth >= 2;
}
