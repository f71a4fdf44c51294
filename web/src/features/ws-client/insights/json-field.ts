const utf8 = new TextDecoder();

/** The value at a dotted path ("a.b", array positions as numbers) of a parsed JSON value. */
export function valueAtPath(value: unknown, path: string): unknown {
  if (path.trim() === '') return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The number a JSON payload holds at a path (a number, or text that reads as one); undefined when
 * the payload is no JSON or the path leads elsewhere. Parses the payload: run it only on the
 * messages of the topic being charted.
 */
export function numericField(payload: Uint8Array, path: string): number | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(payload));
  } catch {
    return undefined;
  }
  const value = valueAtPath(parsed, path);
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}
