// Spec section 5, the JSON editor: only a JSON object is accepted (not an array, not a scalar); a
// required empty text fails with 'Json object is required.'; a parse error reads
// 'Error: <name>: <message>'; tidy and minify work only on valid JSON. The form error keys are
// jsonParseError (the editor) and invalidJSON (the JSON-to-string input).

/** Spec section 5: the form error key of the JSON editor. */
export const JSON_PARSE_ERROR = 'jsonParseError';
/** Spec section 5: the form error key of the JSON-to-string input. */
export const INVALID_JSON = 'invalidJSON';

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export type JsonProblem =
  | { kind: 'required' }
  | { kind: 'parse'; name: string; message: string }
  | { kind: 'not-object'; found: JsonKind };

export type JsonParse = { value: unknown; problem?: undefined } | { value?: undefined; problem: JsonProblem };

export function jsonKindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonKind;
}

/** Parses JSON text; a blank text is "required" (the caller decides whether that is a problem). */
export function parseJson(text: string): JsonParse {
  if (text.trim() === '') return { problem: { kind: 'required' } };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new SyntaxError(String(error));
    return { problem: { kind: 'parse', name, message } };
  }
}

export interface JsonObjectCheck {
  /** The parsed object, when the text holds one. */
  value?: Record<string, unknown>;
  problem?: JsonProblem;
}

/** The editor's rule: a JSON object or, when not required, nothing at all. */
export function checkJsonObject(text: string, { required }: { required: boolean }): JsonObjectCheck {
  const parsed = parseJson(text);
  if (parsed.problem) return parsed.problem.kind === 'required' && !required ? {} : { problem: parsed.problem };
  const kind = jsonKindOf(parsed.value);
  if (kind !== 'object') return { problem: { kind: 'not-object', found: kind } };
  return { value: parsed.value as Record<string, unknown> };
}

/**
 * The editor's validation as its form sees it (spec section 5), null when the text is valid: a
 * required empty text under 'required', any other problem (a parse error; with objectOnly, JSON that
 * is not an object) under the form error key jsonParseError.
 */
export type JsonEditorErrors = { required: JsonProblem } | { [JSON_PARSE_ERROR]: JsonProblem };

export function jsonEditorErrors(text: string, { required, objectOnly }: { required: boolean; objectOnly: boolean }): JsonEditorErrors | null {
  const parsed = parseJson(text);
  const problem = objectOnly ? checkJsonObject(text, { required }).problem : parsed.problem;
  if (problem === undefined) return null;
  if (problem.kind === 'required') return required ? { required: problem } : null;
  return { [JSON_PARSE_ERROR]: problem };
}

/** The one problem a validation holds. */
export function problemOf(errors: JsonEditorErrors | null): JsonProblem | undefined {
  if (errors === null) return undefined;
  return 'required' in errors ? errors.required : errors[JSON_PARSE_ERROR];
}

/** The text indented by two spaces, or null when it is not valid JSON. */
export function tidy(text: string): string | null {
  const parsed = parseJson(text);
  return parsed.problem ? null : JSON.stringify(parsed.value, null, 2);
}

/** The text on one line without spaces, or null when it is not valid JSON. */
export function minify(text: string): string | null {
  const parsed = parseJson(text);
  return parsed.problem ? null : JSON.stringify(parsed.value);
}
