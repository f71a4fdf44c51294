/** Spec section 2: query parameters read on load, and removed from the URL after use. */
export const SIGN_IN_PARAMETERS = ['publicId', 'accessToken', 'refreshToken', 'username', 'password', 'loginError'] as const;

export function hasSignInParameters(search: string): boolean {
  const parameters = new URLSearchParams(search);
  return SIGN_IN_PARAMETERS.some((name) => parameters.has(name));
}
