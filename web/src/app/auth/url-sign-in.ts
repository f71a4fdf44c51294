import type { ApiError } from '../../api/api-error';
import { startSession } from '../../api/auth/auth-session';
import { login, loginPublic } from '../../api/generated/calls/auth/auth';
import { SIGN_IN_PARAMETERS } from './sign-in-parameters';

export interface UrlSignInResult {
  /** A loginError parameter's text, for the login error dialog. */
  loginError: string | null;
  /** Why a sign-in the URL asked for failed. */
  failure: string | null;
}

/**
 * Signs in with what the URL carries: a token pair, a username and password, or a public id
 * (spec sections 1 and 2). The calls report their own failure here instead of a toast, so the
 * caller can show it once.
 */
export async function signInFromUrl(search: string): Promise<UrlSignInResult> {
  const parameters = new URLSearchParams(search);
  const accessToken = parameters.get('accessToken');
  const username = parameters.get('username');
  const password = parameters.get('password');
  const publicId = parameters.get('publicId');
  const result: UrlSignInResult = { loginError: parameters.get('loginError'), failure: null };
  try {
    if (accessToken) {
      startSession({ token: accessToken, refreshToken: parameters.get('refreshToken') ?? '' });
    } else if (username && password !== null) {
      startSession(await login({ username, password }, { ignoreErrors: true }));
    } else if (publicId) {
      startSession(await loginPublic({ publicId }, { ignoreErrors: true }));
    }
  } catch (error) {
    result.failure = (error as ApiError).message;
  }
  return result;
}

/** Parameters that sign someone in (a loginError only reports). */
const SIGNING_IN = ['accessToken', 'username', 'publicId'] as const;

export function signsSomeoneIn(search: string): boolean {
  const parameters = new URLSearchParams(search);
  return SIGNING_IN.some((name) => parameters.has(name));
}

/** The URL without the sign-in parameters, so a reload or a shared link does not sign in again. */
export function withoutSignInParameters(url: URL): string {
  for (const name of SIGN_IN_PARAMETERS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
