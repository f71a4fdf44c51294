// Spec sections 3, 4 and 5, the value input: a value typed as STRING or JSON. Switching to JSON resets
// it to an empty object, switching to STRING to an empty string. Its errors are the keys
// value.string-value-required, value.json-value-required and value.json-value-invalid (a custom
// required text may replace the first two); an invalid value is emitted as null, except that a
// JSON array is accepted.

import { jsonKindOf, parseJson } from '../json-editor/json-editor-rules';

export type ValueType = 'STRING' | 'JSON';

export const VALUE_TYPES: readonly ValueType[] = ['STRING', 'JSON'];

export type ValueError = 'value.string-value-required' | 'value.json-value-required' | 'value.json-value-invalid';

/** What a switch of type resets the value to (spec section 4). */
export function resetValueFor(type: ValueType): unknown {
  return type === 'JSON' ? {} : '';
}

/** The type a value was given as: a string is STRING, anything else JSON. */
export function valueTypeOf(value: unknown): ValueType {
  return typeof value === 'string' ? 'STRING' : 'JSON';
}

/** The text the input shows for a value. */
export function valueText(value: unknown, type: ValueType): string {
  if (value === null || value === undefined) return '';
  if (type === 'STRING') return typeof value === 'string' ? value : JSON.stringify(value);
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export interface ValueReading {
  /** What the input emits: null when the text is invalid. */
  value: unknown;
  error?: ValueError;
}

/** Reads the typed text as a value of its type, with the error it has if any. */
export function readValue(text: string, type: ValueType, required: boolean): ValueReading {
  if (type === 'STRING') {
    if (text === '' && required) return { value: null, error: 'value.string-value-required' };
    return { value: text };
  }
  const parsed = parseJson(text);
  if (parsed.problem?.kind === 'required') return required ? { value: null, error: 'value.json-value-required' } : { value: null };
  if (parsed.problem) return { value: null, error: 'value.json-value-invalid' };
  const kind = jsonKindOf(parsed.value);
  // A JSON value is an object; an array is accepted too, scalars are not.
  if (kind === 'object' || kind === 'array') return { value: parsed.value };
  return { value: null, error: 'value.json-value-invalid' };
}

/** Whether an error is one of the "required" ones that a custom required text replaces. */
export function isRequiredError(error: ValueError | undefined): boolean {
  return error === 'value.string-value-required' || error === 'value.json-value-required';
}
