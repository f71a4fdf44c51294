import { describe, expect, it } from 'vitest';
import { checkJsonObject, jsonEditorErrors, minify, parseJson, problemOf, tidy } from './json-editor-rules';

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

  describe('the form errors of the editor (spec section 5: form error key jsonParseError)', () => {
    const object = { required: true, objectOnly: true };

    it('sets jsonParseError on a parse error, holding the name and message the error line shows', () => {
      const errors = jsonEditorErrors('{"a": ', object);
      expect(Object.keys(errors ?? {})).toEqual(['jsonParseError']);
      expect(problemOf(errors)).toMatchObject({ kind: 'parse', name: 'SyntaxError' });
      expect(jsonEditorErrors('{"a": ', { required: false, objectOnly: false })).toHaveProperty('jsonParseError');
    });

    it('sets jsonParseError for JSON that is no object only when the editor takes objects only', () => {
      expect(jsonEditorErrors('[1]', object)).toEqual({ jsonParseError: { kind: 'not-object', found: 'array' } });
      expect(jsonEditorErrors('[1]', { ...object, objectOnly: false })).toBeNull();
    });

    it("keeps an empty text apart: 'required' when the editor is required, no error otherwise", () => {
      expect(jsonEditorErrors(' ', object)).toEqual({ required: { kind: 'required' } });
      expect(jsonEditorErrors('', { required: false, objectOnly: true })).toBeNull();
      expect(jsonEditorErrors('', { required: false, objectOnly: false })).toBeNull();
    });

    it('has no error for a valid object', () => {
      expect(jsonEditorErrors('{"a": 1}', object)).toBeNull();
      expect(problemOf(null)).toBeUndefined();
    });
  });
});
