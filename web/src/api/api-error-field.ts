import { ApiError } from './api-error';

/**
 * The request field a broker 400 (bad input) or 409 (a value another item holds) answer is about.
 * The broker names it at the start of its message (ARCHITECTURE.md "API conventions"), e.g.
 * `body.email: a user with e-mail … already exists` or
 * `body.jsonValue.smtpPort must be <= 65535`; the field is `email` or `smtpPort` then. An item of
 * a list names the list: `body.subAuthRulePatterns[1] is not…` is about `subAuthRulePatterns`.
 */
export function apiErrorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return undefined;
  return /^body\.(?:\w+\.)*?([A-Za-z]\w*)(?=[\s:[]|$)/.exec(error.message)?.[1];
}

export interface FieldError<Field extends string> {
  field: Field;
  message: string;
}

/**
 * The broker's refusal as an error of one of a form's fields, when it names one. Shown under the
 * field, the message loses its `body.email:` lead: the field's place already says which it is.
 */
export function apiFieldError<Field extends string>(error: Error | null, fields: readonly Field[]): FieldError<Field> | undefined {
  const name = apiErrorField(error);
  const field = fields.find((candidate) => candidate === name);
  return error && field ? { field, message: error.message.replace(/^body\.[\w.]+:\s*/, '') } : undefined;
}
