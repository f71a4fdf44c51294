// Spec section 8: what the HTTP layer tells the console about failed calls. The layer only decides
// what to report; the app shell turns a report into a toast or the forbidden dialog, so this module
// stays free of UI.

/** Message ids of the session errors (spec section 8, "refresh failed" / "refresh token expired"). */
export type SessionMessageId = 'access.refresh-token-failed' | 'access.refresh-token-expired';

export type HttpErrorReport =
  /** 403: the forbidden dialog. */
  | { kind: 'forbidden' }
  /** 403 with code 21: the broker asks for the password to be changed first (the forced-change screen). */
  | { kind: 'password-change-required' }
  /** A text to show as it is: the broker's message, 'Unable to connect', the 404 line…, after delayMs when given. */
  | { kind: 'message'; message: string; delayMs?: number }
  /** A translated text. */
  | { kind: 'session'; messageId: SessionMessageId };

type Listener = (report: HttpErrorReport) => void;

const listeners = new Set<Listener>();

export function reportHttpError(report: HttpErrorReport): void {
  for (const listener of listeners) listener(report);
}

export function onHttpError(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
