import type { NextFunction, Request, Response } from 'express';
import type { TokenService } from '../auth/token-service.js';
import type { UserRole } from '../users/user.js';
import { ApiError } from './api-error.js';

const BEARER = /^Bearer\s+(.+)$/i;
const PUBLIC_SESSION_FORBIDDEN = 'A public session can only view the broker status: sign in to do this';
const READ_ONLY_FORBIDDEN = 'Your account is read-only: it can view the broker and change only its own password, profile and web-socket client connections. Ask an administrator to do this';

/** Where a user's current role is read (the users table, cached in memory). */
export interface AccountRoles {
  /** Undefined when the user no longer exists. */
  role(userId: string): UserRole | undefined;
}

/**
 * Operations the contract marks with `security: []` are public; every other one needs
 * `X-Authorization: Bearer <access token>` of a system administrator (spec section 7). A public
 * session may call only the operations the contract marks `x-starling-public-session`; a session
 * whose password must change (spec section 2) only those marked `x-starling-password-change-session`;
 * a read-only account only those that change nothing or only its own things (openapi.yaml "Changes
 * and roles"). The role is read as stored now, not from the token: a demotion holds from the next call.
 */
export function authenticate(tokens: TokenService, roles: AccountRoles) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (!request.contractOperation?.requiresAuthentication) {
      next();
      return;
    }
    const header = request.get('X-Authorization');
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw ApiError.unauthorized('Authentication failed: no X-Authorization bearer token');
    const claims = tokens.verifyAccess(token);
    if (claims.isPublic) {
      if (!request.contractOperation.allowsPublicSession) throw ApiError.forbidden(PUBLIC_SESSION_FORBIDDEN);
    } else if (!claims.scopes.includes('SYS_ADMIN')) {
      throw ApiError.forbidden();
    } else if (claims.passwordChangeRequired && !request.contractOperation.allowsPasswordChangeSession) {
      throw ApiError.passwordChangeRequired();
    } else if (!request.contractOperation.allowsReadOnlyAccount && roles.role(claims.userId) === 'READ_ONLY') {
      throw ApiError.forbidden(READ_ONLY_FORBIDDEN);
    }
    request.claims = claims;
    next();
  };
}

export function signedInUserId(request: Request): string {
  if (!request.claims) throw ApiError.unauthorized('Authentication failed');
  return request.claims.userId;
}

/** Whether an administrator signed in as this user ("sign in as user"): the session is not given the user's own secrets. */
export function signedInAsAnotherUser(request: Request): boolean {
  return request.claims?.impersonatedBy !== undefined;
}
