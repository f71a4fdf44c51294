import { describe, expect, it } from 'vitest';
import {
  availableContentTypes,
  base64OfBytes,
  bytesOfBase64,
  countJsonValues,
  hexDump,
  isReadableText,
  jsonNestingDepth,
  lenientTextOf,
  MAX_JSON_TREE_DEPTH,
  parsedJsonDocument,
  payloadPreview,
  readPayload,
  startsFolded,
  utf8TextOf,
} from './payload-content';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('payload content rules (spec section 3: JSON, TEXT, BINARY)', () => {
  it.each([
    ['a JSON object', utf8('{"temperature": 21.5}'), null, 'JSON'],
    ['a JSON array with leading whitespace', utf8('\n  [1, 2]'), undefined, 'JSON'],
    ['a bare JSON number: text', utf8('21.5'), null, 'TEXT'],
    ['broken JSON: text', utf8('{"a": '), null, 'TEXT'],
    ['plain UTF-8 text with accents and line breaks', utf8('Grüße\r\n\tläuft'), 0, 'TEXT'],
    ['bytes that are not UTF-8', bytes(0x00, 0x01, 0xff), 1, 'BINARY'],
    ['valid UTF-8 with control characters, unmarked', bytes(0x00, 0x01, 0x02), null, 'BINARY'],
    ['valid UTF-8 with control characters, marked as text (indicator 1)', bytes(0x41, 0x07, 0x42), 1, 'TEXT'],
    ['the empty payload', bytes(), null, 'TEXT'],
  ] as const)('reads %s as %s', (_name, payload, indicator, expected) => {
    expect(readPayload(payload, indicator).suggested).toBe(expected);
  });

  it('offers JSON only for JSON; text and bytes always', () => {
    expect(availableContentTypes(readPayload(utf8('{"a":1}'), null))).toEqual(['JSON', 'TEXT', 'BINARY']);
    expect(availableContentTypes(readPayload(utf8('on'), null))).toEqual(['TEXT', 'BINARY']);
    expect(availableContentTypes(readPayload(bytes(0xff), null))).toEqual(['TEXT', 'BINARY']);
  });

  it('decodes strictly, and leniently for the text view of bytes that are not UTF-8', () => {
    expect(utf8TextOf(utf8('€'))).toBe('€');
    expect(utf8TextOf(bytes(0xe2, 0x82))).toBeUndefined();
    expect(lenientTextOf(bytes(0x41, 0xff, 0x42))).toBe('A\uFFFDB');
  });

  it('drops a character cut in two at the end of a shortened payload, but not a broken one in the middle', () => {
    expect(utf8TextOf(new Uint8Array([...utf8('ab'), 0xe2, 0x82]), { truncated: true })).toBe('ab');
    expect(utf8TextOf(new Uint8Array([0xff, ...utf8('ab')]), { truncated: true })).toBeUndefined();
  });

  it('counts control characters other than tab, line feed and carriage return as unreadable', () => {
    expect(isReadableText('a\tb\nc\rd')).toBe(true);
    expect(isReadableText('a\u0000b')).toBe(false);
    expect(isReadableText('a\u007fb')).toBe(false);
  });

  it('round-trips base64', () => {
    const payload = bytes(0, 1, 2, 250, 255);
    expect(base64OfBytes(payload)).toBe('AAEC+v8=');
    expect(bytesOfBase64('AAEC+v8=')).toEqual(payload);
    const large = new Uint8Array(100_000).map((_, index) => index % 256);
    expect(bytesOfBase64(base64OfBytes(large))).toEqual(large);
  });

  it('dumps bytes as hex with offsets and their printable ASCII', () => {
    const dump = hexDump(new Uint8Array([...utf8('{"a":1}'), 0x00, ...utf8('0123456789')]));
    expect(dump.split('\n')).toEqual([
      '00000000  7b 22 61 22 3a 31 7d 00  30 31 32 33 34 35 36 37  |{"a":1}.01234567|',
      '00000010  38 39                                             |89|',
    ]);
    expect(hexDump(bytes())).toBe('');
  });

  it('previews a payload on one line: text with whitespace runs as single spaces, binary as hex', () => {
    expect(payloadPreview(utf8('{\n  "a": 1\n}'), null)).toEqual({ kind: 'TEXT', text: '{ "a": 1 }' });
    expect(payloadPreview(bytes(0x00, 0x10, 0xff), null)).toEqual({ kind: 'BINARY', text: '00 10 ff' });
    expect(payloadPreview(new Uint8Array([...utf8('Grü'), 0xc3]), null, { truncated: true })).toEqual({ kind: 'TEXT', text: 'Grü' });
  });

  it('counts the values of a list of a million numbers without overflowing the stack', () => {
    expect(countJsonValues({ values: Array.from({ length: 1_000_000 }, (_, index) => index) })).toBe(1_000_002);
  });

  it('measures nesting without recursion, brackets inside strings not counted', () => {
    expect(jsonNestingDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"\\"[[["}')).toBe(1);
    expect(parsedJsonDocument(`${'['.repeat(MAX_JSON_TREE_DEPTH + 1)}${']'.repeat(MAX_JSON_TREE_DEPTH + 1)}`)).toBeUndefined();
    expect(parsedJsonDocument(`${'['.repeat(MAX_JSON_TREE_DEPTH)}${']'.repeat(MAX_JSON_TREE_DEPTH)}`)).toBeDefined();
  });

  it('folds the nested levels of large JSON documents only', () => {
    const small = { a: [1, 2, { b: 3 }] };
    expect(countJsonValues(small)).toBe(6);
    expect(startsFolded(2, countJsonValues(small))).toBe(false);
    const large = { readings: Array.from({ length: 300 }, (_, index) => ({ index })) };
    expect(countJsonValues(large)).toBe(602);
    expect(startsFolded(0, countJsonValues(large))).toBe(false);
    expect(startsFolded(1, countJsonValues(large))).toBe(false);
    expect(startsFolded(2, countJsonValues(large))).toBe(true);
  });
});
