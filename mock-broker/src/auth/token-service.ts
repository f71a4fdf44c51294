import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ApiError, ErrorCode } from '../http/api-error.js';
import { mustChangePassword, type Authority, type User } from '../users/user.js';

/** Claims of an access token, as the console decodes them (spec section 3, auth state). */
export interface AccessClaims {
  sub: string;
  userId: string;
  scopes: Authority[];
  isPublic: boolean;
  firstName: string;
  lastName: string;
  /** The user's token version when the token was issued: a raised version revokes the token. */
  tokenVersion: number;
  /** Somebody else chose the password (spec section 2): the token may little more than change it. */
  passwordChangeRequired?: boolean;
  /**
   * The administrator who signed in as this user ("sign in as user"): such a session acts as the user
   * but is not given the secrets the user keeps for themselves (their web-socket connections' passwords).
   */
  impersonatedBy?: string;
  /** Refresh tokens only: the id that makes each one single-use. */
  jti?: string;
  /** Public sessions only: which public id the session was opened with (a digest of it, see publicIdTag). */
  publicIdTag?: string;
  iat: number;
  exp: number;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** Where a user's current token version is read (the users table, cached in memory). */
export interface TokenVersions {
  /** Undefined when the user no longer exists. */
  tokenVersion(userId: string): number | undefined;
}

const ISSUER = 'starling';
/** Answered with code 11, as for an expired token: the console then tries its refresh token, which fails too, and signs out. */
const REVOKED = 'Token is outdated: the session was ended (password changed or reset, user deleted, a refresh token used twice, or the public id changed)';

/**
 * Reads the signing secret from the data directory, generating it on first start,
 * so tokens survive a restart without anyone having to configure a secret.
 */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Names the configured public id inside a public session's tokens without revealing it: a keyed digest
 * that only this secret produces, so the id cannot be guessed from a token.
 */
function publicIdTag(secret: string, publicId: string): string {
  return createHmac('sha256', secret).update(publicId).digest('base64url').slice(0, 22);
}

export class TokenService {
  /** Undefined while public sign-in is off: then no public token is honoured. */
  private readonly currentPublicIdTag: string | undefined;

  constructor(
    private readonly secret: string,
    private readonly accessTokenSeconds: number,
    private readonly refreshTokenSeconds: number,
    private readonly versions: TokenVersions,
    publicId?: string,
  ) {
    this.currentPublicIdTag = publicId === undefined ? undefined : publicIdTag(secret, publicId);
  }

  /**
   * A pair for the user as stored now: its current token version, restricted while its password must
   * change, and marked with the administrator who signed in as the user, if one did (both tokens
   * carry the mark, so that a refresh keeps it).
   */
  issue(user: User, isPublic = false, impersonatedBy?: string): TokenPair {
    // A public session has no stored user (and no password) to revoke it by.
    const tokenVersion = isPublic ? 0 : this.versions.tokenVersion(user.id);
    if (tokenVersion === undefined) throw ApiError.unauthorized('User no longer exists');
    const impersonation = impersonatedBy !== undefined && impersonatedBy !== user.id ? { impersonatedBy } : {};
    const subject = { sub: user.email, userId: user.id, isPublic, tokenVersion, ...impersonation, ...(isPublic ? { publicIdTag: this.currentPublicIdTag } : {}) };
    const restriction = !isPublic && mustChangePassword(user) ? { passwordChangeRequired: true } : {};
    const token = jwt.sign(
      { ...subject, ...restriction, scopes: [user.authority], firstName: user.firstName, lastName: user.lastName },
      this.secret,
      { expiresIn: this.accessTokenSeconds, issuer: ISSUER },
    );
    const refreshToken = jwt.sign({ ...subject, scopes: ['REFRESH_TOKEN'] }, this.secret, {
      expiresIn: this.refreshTokenSeconds,
      issuer: ISSUER,
      jwtid: randomUUID(),
    });
    return { token, refreshToken };
  }

  /** Verifies an access token; an expired or revoked one answers code 11 so the console refreshes. */
  verifyAccess(token: string): AccessClaims {
    const claims = this.verify(token);
    if (claims.scopes.includes('REFRESH_TOKEN')) {
      throw ApiError.unauthorized('A refresh token cannot be used to call the API');
    }
    if (this.isRevoked(claims)) throw ApiError.unauthorized(REVOKED, ErrorCode.jwtTokenExpired);
    return claims;
  }

  verifyRefresh(token: string): AccessClaims {
    const claims = this.verify(token);
    if (!claims.scopes.includes('REFRESH_TOKEN')) {
      throw ApiError.unauthorized('Invalid refresh token');
    }
    if (this.isRevoked(claims)) throw ApiError.unauthorized(REVOKED);
    return claims;
  }

  /**
   * A token of a user who is gone, or issued before the user's sessions were ended (or one without a
   * version); a public session's token once its public id is no longer configured, or was changed:
   * removing or changing STARLING_PUBLIC_ID ends the public sessions opened with the old one.
   */
  private isRevoked(claims: AccessClaims): boolean {
    if (claims.isPublic) return this.currentPublicIdTag === undefined || claims.publicIdTag !== this.currentPublicIdTag;
    return typeof claims.tokenVersion !== 'number' || claims.tokenVersion !== this.versions.tokenVersion(claims.userId);
  }

  private verify(token: string): AccessClaims {
    try {
      return jwt.verify(token, this.secret, { issuer: ISSUER }) as AccessClaims;
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) {
        throw ApiError.unauthorized('Token has expired', ErrorCode.jwtTokenExpired);
      }
      throw ApiError.unauthorized('Invalid token');
    }
  }
}
