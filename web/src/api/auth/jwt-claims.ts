/** Claims the console reads from a token (spec section 3, auth state: authUser). */
export interface JwtClaims {
  sub?: string;
  userId?: string;
  scopes?: string[];
  isPublic?: boolean;
  iat?: number;
  exp?: number;
}

/** Reads the payload of a JWT without verifying it: the broker verifies, the console only schedules. */
export function decodeJwtClaims(token: string): JwtClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}
