import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/auth/token-service.js';
import { ApiError } from '../../src/http/api-error.js';
import type { User } from '../../src/users/user.js';

const user: User = {
  id: 'u-1',
  createdTime: 0,
  email: 'ops@example.com',
  authority: 'SYS_ADMIN',
  firstName: 'Ada',
  lastName: 'Ops',
  additionalInfo: {},
};

describe('token service', () => {
  const tokens = new TokenService('secret-for-tests', 60, 600);

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
    const foreign = new TokenService('another-secret', 60, 600).issue(user).token;
    expect(() => tokens.verifyAccess(foreign)).toThrow('Invalid token');
  });
});
