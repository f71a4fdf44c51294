import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ApiError, ErrorCode } from '../http/api-error.js';
import type { Authority, User } from '../users/user.js';

/** Claims of an access token, as the console decodes them (spec section 3, auth state). */
export interface AccessClaims {
  sub: string;
  userId: string;
  scopes: Authority[];
  isPublic: boolean;
  firstName: string;
  lastName: string;
  /** Refresh tokens only: the id that makes each one single-use. */
  jti?: string;
  iat: number;
  exp: number;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

const ISSUER = 'starling';

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

export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly accessTokenSeconds: number,
    private readonly refreshTokenSeconds: number,
  ) {}

  issue(user: User, isPublic = false): TokenPair {
    const subject = { sub: user.email, userId: user.id, isPublic };
    const token = jwt.sign(
      { ...subject, scopes: [user.authority], firstName: user.firstName, lastName: user.lastName },
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

  /** Verifies an access token; an expired one answers code 11 so the console refreshes. */
  verifyAccess(token: string): AccessClaims {
    const claims = this.verify(token);
    if (claims.scopes.includes('REFRESH_TOKEN')) {
      throw ApiError.unauthorized('A refresh token cannot be used to call the API');
    }
    return claims;
  }

  verifyRefresh(token: string): AccessClaims {
    const claims = this.verify(token);
    if (!claims.scopes.includes('REFRESH_TOKEN')) {
      throw ApiError.unauthorized('Invalid refresh token');
    }
    return claims;
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
