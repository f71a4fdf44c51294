import { ApiError, ErrorCode } from '../http/api-error.js';
import { AttemptCounter, type AttemptLimits } from './attempt-counter.js';

/** A user waiting for a mail may ask again after a typo or a slow mail server; a mailbox is not flooded. */
export const LINK_MAIL_LIMITS: AttemptLimits = { maxAttempts: 3, windowMs: 15 * 60 * 1000 };

export class TooManyLinkMails extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCode.tooManyRequests, `Too many links asked for this address: try again in ${retryAfterSeconds} seconds`);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/**
 * Requests for a mailed link (password reset, activation resent) per e-mail address, known or not:
 * the answer must not tell whether an account exists, so an unknown address is counted the same.
 */
export class LinkMailLimiter {
  private readonly requests: AttemptCounter;

  constructor(limits: AttemptLimits = LINK_MAIL_LIMITS) {
    this.requests = new AttemptCounter(limits);
  }

  /** Counts a request for the address; throws 429 (code 33) once it had its share of the window. */
  take(email: string, now = Date.now()): void {
    const address = email.trim().toLowerCase();
    const retryAfterSeconds = this.requests.retryAfterSeconds(address, now);
    if (retryAfterSeconds !== undefined) throw new TooManyLinkMails(retryAfterSeconds);
    this.requests.record(address, now);
  }
}
