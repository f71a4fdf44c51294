import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { TokenService, type TokenVersions } from '../../../src/auth/token-service.js';
import { ApiError } from '../../../src/http/api-error.js';
import type { User } from '../../../src/users/user.js';

const user: User = {
  id: 'u-1',
  createdTime: 0,
  email: 'ops@example.com',
  authority: 'SYS_ADMIN',
  role: 'ADMIN',
  firstName: 'Ada',
  lastName: 'Ops',
  activationPending: false,
  additionalInfo: { userPasswordHistory: [{ ts: 1 }, { ts: 2 }] },
};

/** Token versions as the users table would answer them. */
function versions(initial: Record<string, number> = { 'u-1': 0 }): TokenVersions & { set(userId: string, version: number | undefined): void } {
  const current = new Map(Object.entries(initial));
  return {
    tokenVersion: (userId) => current.get(userId),
    set: (userId, version) => (version === undefined ? current.delete(userId) : current.set(userId, version)),
  };
}

function errorOf(work: () => unknown): ApiError | undefined {
  try {
    work();
  } catch (caught) {
    if (caught instanceof ApiError) return caught;
    throw caught;
  }
  return undefined;
}

describe('token service', () => {
  const tokens = new TokenService('secret-for-tests', 60, 600, versions());

  it('issues an access token the console can decode (spec section 3: userId, scopes, isPublic, sub, iat, exp)', () => {
    const claims = jwt.decode(tokens.issue(user).token) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'ops@example.com', userId: 'u-1', scopes: ['SYS_ADMIN'], isPublic: false });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
  });

  it('answers an expired access token with error code 11', () => {
    const expired = jwt.sign({ sub: 'x', userId: 'u-1', scopes: ['SYS_ADMIN'], exp: Math.floor(Date.now() / 1000) - 10 }, 'secret-for-tests', { issuer: 'starling' });
    const error = (() => {
      try {
        tokens.verifyAccess(expired);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe(11);
  });

  it('keeps access and refresh tokens apart', () => {
    const pair = tokens.issue(user);
    expect(() => tokens.verifyAccess(pair.refreshToken)).toThrow(ApiError);
    expect(() => tokens.verifyRefresh(pair.token)).toThrow('Invalid refresh token');
    expect(tokens.verifyRefresh(pair.refreshToken).userId).toBe('u-1');
  });

  it('refuses a token signed with another secret', () => {
    const foreign = new TokenService('another-secret', 60, 600, versions()).issue(user).token;
    expect(() => tokens.verifyAccess(foreign)).toThrow('Invalid token');
  });

  it('refuses the tokens of a user whose version went up (code 11 for access, 10 for refresh) or who is gone', () => {
    const userVersions = versions();
    const service = new TokenService('secret-for-tests', 60, 600, userVersions);
    const pair = service.issue(user);
    expect(service.verifyAccess(pair.token).tokenVersion).toBe(0);
    userVersions.set('u-1', 1);
    expect(errorOf(() => service.verifyAccess(pair.token))).toMatchObject({ status: 401, errorCode: 11 });
    expect(errorOf(() => service.verifyRefresh(pair.refreshToken))).toMatchObject({ status: 401, errorCode: 10 });
    expect(service.verifyAccess(service.issue(user).token).tokenVersion).toBe(1);
    userVersions.set('u-1', undefined);
    expect(errorOf(() => service.verifyAccess(pair.token))).toMatchObject({ status: 401, errorCode: 11 });
  });

  it('flags the tokens of a user whose password someone else chose (history of one entry or fewer)', () => {
    const chosenByAdmin = { ...user, additionalInfo: { userPasswordHistory: [{ ts: 1 }] } };
    expect(jwt.decode(tokens.issue(chosenByAdmin).token)).toMatchObject({ passwordChangeRequired: true });
    expect(jwt.decode(tokens.issue(user).token)).not.toHaveProperty('passwordChangeRequired');
  });
});
