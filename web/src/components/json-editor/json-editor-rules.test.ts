import { describe, expect, it } from 'vitest';
import { checkJsonObject, minify, parseJson, tidy } from './json-editor-rules';

describe('JSON editor rules (spec section 5)', () => {
  it('accepts a JSON object', () => {
    expect(checkJsonObject('{"a": 1}', { required: true })).toEqual({ value: { a: 1 } });
  });

  it.each([
    ['[1, 2]', 'array'],
    ['"text"', 'string'],
    ['42', 'number'],
    ['true', 'boolean'],
    ['null', 'null'],
  ])('refuses %s, naming what it found', (text, found) => {
    expect(checkJsonObject(text, { required: true })).toEqual({ problem: { kind: 'not-object', found } });
  });

  it('requires an object only when asked', () => {
    expect(checkJsonObject('  ', { required: true })).toEqual({ problem: { kind: 'required' } });
    expect(checkJsonObject('', { required: false })).toEqual({});
  });

  it('reports a parse error with the name and message of the error, for the "Error: <name>: <message>" line', () => {
    const { problem } = checkJsonObject('{"a": }', { required: true });
    expect(problem).toMatchObject({ kind: 'parse', name: 'SyntaxError', message: expect.stringMatching(/^Unexpected token/) });
  });

  it('tidies valid JSON with a two-space indent and minifies it to one line', () => {
    expect(tidy('{"a":[1,2],"b":{"c":true}}')).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": true\n  }\n}');
    expect(minify('{\n  "a": [ 1, 2 ],\n  "b": "x y"\n}')).toBe('{"a":[1,2],"b":"x y"}');
  });

  it('leaves invalid JSON alone when tidying or minifying', () => {
    expect(tidy('{a: 1}')).toBeNull();
    expect(minify('')).toBeNull();
  });

  it('parses any JSON value, arrays and scalars too', () => {
    expect(parseJson('[1]')).toEqual({ value: [1] });
    expect(parseJson('"x"')).toEqual({ value: 'x' });
  });
});
