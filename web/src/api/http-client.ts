import { ApiError, ErrorCodes } from './api-error';
import { underBase } from './base-path';
import { hasSession } from './auth/auth-session';
import { reportHttpError } from './http-events';
import { trackRequest } from './request-activity';
import { refreshTokens, SessionExpiredError } from './auth/token-refresh';
import { getAccessToken, isAccessTokenValid } from './auth/token-storage';

// The one HTTP layer (ARCHITECTURE.md "Web layout"): every generated call goes through httpClient,
// which applies the request rules of spec section 7 and the error rules of section 8.

const AUTHORIZATION_HEADER = 'X-Authorization';

/** Calls under /api/ that carry no bearer token (spec section 7): login, token refresh, no-auth entry points. */
const UNAUTHENTICATED_PATHS = ['/api/auth/login', '/api/auth/login/public', '/api/auth/token'];
const UNAUTHENTICATED_PREFIX = '/api/noauth/';

export function requiresAuthorization(url: string): boolean {
  const target = new URL(url, window.location.origin);
  // The token never leaves for another host (e.g. a help server outside the broker).
  if (target.origin !== window.location.origin) return false;
  const path = target.pathname;
  if (!path.startsWith('/api/')) return false;
  return !UNAUTHENTICATED_PATHS.includes(path) && !path.startsWith(UNAUTHENTICATED_PREFIX);
}

/** What a generated call asks for (orval's mutator contract). */
export interface RequestConfig {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Per-request options of spec section 7, passed to a generated hook as `request`: no loading bar,
 * no error report (the caller shows the error itself), resend on 429 (never for sign-in, whose
 * limiter must not be hammered).
 */
export interface RequestOptions {
  ignoreLoading?: boolean;
  ignoreErrors?: boolean;
  resendRequest?: boolean;
  /** Spec section 8: the server's message shows after this delay (ms); 401s wait UNAUTHORIZED_MESSAGE_DELAY_MS unless told. */
  errorMessageDelayMs?: number;
}

/**
 * Spec section 8, "the server message (with optional delay)": a 401 usually ends the session, and
 * its message waits for the sign-out to reach the sign-in page, so that it shows there rather than
 * over the page being left (as the production broker's console does).
 */
export const UNAUTHORIZED_MESSAGE_DELAY_MS = 200;

/** Query parameters: lists are comma-joined (spec section 7, sessions filter); empty values are left out. */
export function buildUrl(url: string, params: object | undefined): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Spec section 9: a 429 answer is resent after a random 1 to 4 seconds when the request allows it. */
const RESEND_DELAY_MIN_MS = 1000;
const RESEND_DELAY_MAX_MS = 4000;
/** Enough for the broker's limiter to let a burst through, without retrying for ever. */
const MAX_RESENDS = 3;

/** The orval mutator: sends the request, keeps the session fresh and turns failures into ApiError. */
export const httpClient = async <T>(config: RequestConfig, options: RequestOptions = {}): Promise<T> => {
  const endTracking = options.ignoreLoading ? undefined : trackRequest();
  try {
    return await call<T>(config, options);
  } catch (error) {
    // Not an error to show but the session's state: reported even for calls that show their own errors.
    if (isPasswordChangeRequired(error)) reportHttpError({ kind: 'password-change-required' });
    else if (!options.ignoreErrors && !config.signal?.aborted) reportFailure(error, config, options);
    throw error;
  } finally {
    endTracking?.();
  }
};

async function call<T>(config: RequestConfig, options: RequestOptions): Promise<T> {
  const url = buildUrl(config.url, config.params);
  const init: RequestInit = {
    method: config.method,
    headers: config.headers,
    signal: config.signal,
    body: config.data === undefined ? undefined : JSON.stringify(config.data),
  };
  const authorized = requiresAuthorization(url);
  // Spec section 4: renew an access token that is about to expire before using it.
  if (authorized && hasSession() && !isAccessTokenValid()) await refreshTokens();
  let response = await send(url, init, authorized);
  if (authorized && hasSession() && (await isTokenExpiredAnswer(response))) {
    await refreshTokens();
    response = await send(url, init, authorized);
  }
  for (let resends = 0; response.status === 429 && options.resendRequest && resends < MAX_RESENDS; resends++) {
    await delay(RESEND_DELAY_MIN_MS + Math.random() * (RESEND_DELAY_MAX_MS - RESEND_DELAY_MIN_MS), config.signal);
    response = await send(url, init, authorized);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return readBody<T>(response);
}

/** The broker refuses the call until the password someone else chose is changed (openapi.yaml, ErrorCode 21). */
function isPasswordChangeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.errorCode === ErrorCodes.passwordChangeRequired;
}

/** Spec section 8: what the console shows for a failed call. */
function reportFailure(error: unknown, config: RequestConfig, options: RequestOptions): void {
  if (error instanceof SessionExpiredError) {
    reportHttpError({ kind: 'session', messageId: `access.${error.reason}` });
    return;
  }
  if (!(error instanceof ApiError)) return;
  if (error.status === 403) {
    reportHttpError({ kind: 'forbidden' });
  } else if (error.status === 404) {
    reportHttpError({ kind: 'message', message: `${config.method} ${config.url} ${error.status} ${error.statusText}`.trim() });
  } else if (error.status !== 401 || error.errorCode !== ErrorCodes.credentialsExpired) {
    // 401 with credentials expired is the login page's to handle (it opens the reset page).
    const delayMs = options.errorMessageDelayMs ?? (error.status === 401 ? UNAUTHORIZED_MESSAGE_DELAY_MS : 0);
    reportHttpError({ kind: 'message', message: error.message, ...(delayMs > 0 ? { delayMs } : {}) });
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

async function send(url: string, init: RequestInit, authorized: boolean): Promise<Response> {
  const headers = new Headers(init.headers);
  // Spec section 7: every call says JSON, those without a body too (as the production broker's own console does).
  if (!headers.has('Content-Type') && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = authorized ? getAccessToken() : null;
  if (token !== null) headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
  try {
    // The contract's paths are the broker's (/api/…): below the console's base when it has one.
    return await fetch(url.startsWith('/') ? underBase(url) : url, { ...init, headers });
  } catch (error) {
    // A cancelled query must stay a cancellation, not become a connection error.
    if (init.signal?.aborted) throw error;
    throw ApiError.unableToConnect();
  }
}

/** Spec section 8: a 401 with errorCode 11 means the access token expired: refresh and retry once. */
async function isTokenExpiredAnswer(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const error = await ApiError.fromResponse(response.clone());
  return error.errorCode === ErrorCodes.jwtTokenExpired;
}

/** JSON answers are parsed, text answers (e.g. the help base URL) returned as text, empty ones as undefined. */
async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) return JSON.parse(text) as T;
  return text as T;
}
