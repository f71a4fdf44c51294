import { ApiError } from './api-error';

/**
 * The request field a broker 400 answer is about. The broker names it at the start of its message
 * (ARCHITECTURE.md "API conventions"), e.g. `body.email: a user with e-mail … already exists` or
 * `body.smtpPort must be <= 65535`; the field is `email` or `smtpPort` then.
 */
export function apiErrorField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return /^body\.([A-Za-z]\w*)/.exec(error.message)?.[1];
}
