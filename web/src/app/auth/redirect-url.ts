// Spec section 2: the URL an unauthenticated user asked for, visited after sign-in.
let redirectUrl: string | null = null;

/** Spec section 2: where a user lands after sign-in when no target was remembered. */
export const DEFAULT_URL = '/home';

export function rememberRedirectUrl(url: string): void {
  redirectUrl = url;
}

export function peekRedirectUrl(): string | null {
  return redirectUrl;
}

export function forgetRedirectUrl(): void {
  redirectUrl = null;
}
