import { describe, expect, it } from 'vitest';
import { isRequiredError, readValue, resetValueFor, valueText, valueTypeOf } from './value-input-rules';

describe('value input rules (spec sections 4 and 5)', () => {
  it('resets to an empty object when switched to JSON and to an empty string when switched to STRING', () => {
    expect(resetValueFor('JSON')).toEqual({});
    expect(resetValueFor('STRING')).toBe('');
  });

  it('reads a string as it is typed, and requires one only when asked', () => {
    expect(readValue(' 21.5 ', 'STRING', true)).toEqual({ value: ' 21.5 ' });
    expect(readValue('', 'STRING', false)).toEqual({ value: '' });
    expect(readValue('', 'STRING', true)).toEqual({ value: null, error: 'value.string-value-required' });
  });

  it('reads a JSON object', () => {
    expect(readValue('{"temperature": 21.5}', 'JSON', true)).toEqual({ value: { temperature: 21.5 } });
  });

  it('accepts a JSON array', () => {
    expect(readValue('[1, 2]', 'JSON', true)).toEqual({ value: [1, 2] });
  });

  it.each(['{"a": }', '42', '"text"', 'true', 'null'])('emits null for the invalid JSON value %s', (text) => {
    expect(readValue(text, 'JSON', false)).toEqual({ value: null, error: 'value.json-value-invalid' });
  });

  it('requires a JSON value only when asked', () => {
    expect(readValue(' ', 'JSON', true)).toEqual({ value: null, error: 'value.json-value-required' });
    expect(readValue('', 'JSON', false)).toEqual({ value: null });
  });

  it('tells the required errors, which a custom text replaces, from the invalid one', () => {
    expect(isRequiredError('value.string-value-required')).toBe(true);
    expect(isRequiredError('value.json-value-required')).toBe(true);
    expect(isRequiredError('value.json-value-invalid')).toBe(false);
  });

  it('shows a value as text of its type', () => {
    expect(valueTypeOf('x')).toBe('STRING');
    expect(valueTypeOf({ a: 1 })).toBe('JSON');
    expect(valueText({ a: 1 }, 'JSON')).toBe('{\n  "a": 1\n}');
    expect(valueText(null, 'JSON')).toBe('');
    expect(valueText('abc', 'STRING')).toBe('abc');
  });
});
