import { decodeJwtClaims } from './jwt-claims';

/**
 * Spec section 3, auth state: authUser, the signed-in access token decoded (userId, scopes, isPublic,
 * sub, iat, exp). The broker verifies tokens; the console reads them to know who is signed in before
 * the user loads, and with which authority.
 */
export interface AuthUser {
  /** The user's e-mail; empty in a token without it. */
  sub: string;
  userId: string;
  /** The token's authorities (spec section 6: SYS_ADMIN, REFRESH_TOKEN, ANONYMOUS). */
  scopes: string[];
  /** The first scope: the user's authority. */
  authority: string | undefined;
  /** Signed in by public id (spec section 6). */
  isPublic: boolean;
  /** Issued and expiring, in epoch seconds. */
  iat: number;
  exp: number;
}

/** The token's claims as an AuthUser, or null when it is no token with a lifetime (iat, exp). */
export function authUserOf(token: string | null): AuthUser | null {
  if (token === null) return null;
  const claims = decodeJwtClaims(token);
  if (!claims || typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return null;
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const scopes = Array.isArray(claims.scopes) ? claims.scopes.filter((scope): scope is string => typeof scope === 'string') : [];
  return {
    sub,
    // TBMQ's tokens name the user in userId as Starling's do; sub is the fallback for a token without it.
    userId: typeof claims.userId === 'string' ? claims.userId : sub,
    scopes,
    authority: scopes[0],
    isPublic: claims.isPublic === true,
    iat: claims.iat,
    exp: claims.exp,
  };
}
