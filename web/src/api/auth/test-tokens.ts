// Test helper: unsigned JWTs with the claims the console reads (the broker, not the console, verifies).

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let issued = 0;

/** A token issued now (by the current clock) that lives for the given number of seconds. */
export function makeToken(lifetimeSeconds: number, claims: Record<string, unknown> = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ jti: ++issued, iat, exp: iat + lifetimeSeconds, ...claims })}.signature`;
}

export function makeTokenPair(accessSeconds = 900, refreshSeconds = 3600) {
  return { token: makeToken(accessSeconds, { scopes: ['SYS_ADMIN'] }), refreshToken: makeToken(refreshSeconds) };
}
