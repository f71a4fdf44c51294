import { describe, expect, it } from 'vitest';
import { SignInLimiter, TooManySignInAttempts } from '../../../src/auth/sign-in-limiter.js';

describe('sign-in limiter', () => {
  const limits = { maxFailures: 3, windowMs: 60_000 };

  it('refuses once the failures in the window are used up, and says when to try again', () => {
    const limiter = new SignInLimiter(limits);
    for (const at of [0, 10_000, 20_000]) {
      limiter.check('ops@example.com', at);
      limiter.recordFailure('ops@example.com', at);
    }
    let refusal: unknown;
    try {
      limiter.check('ops@example.com', 30_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManySignInAttempts);
    expect(refusal).toMatchObject({ status: 429, errorCode: 33, retryAfterSeconds: 30, headers: { 'Retry-After': '30' } });
  });

  it('lets attempts through again as old failures leave the window', () => {
    const limiter = new SignInLimiter(limits);
    for (const at of [0, 10_000, 20_000]) limiter.recordFailure('key', at);
    expect(() => limiter.check('key', 59_999)).toThrow(TooManySignInAttempts);
    expect(() => limiter.check('key', 60_001)).not.toThrow();
  });

  it('forgets an account that signed in successfully, and keeps keys apart', () => {
    const limiter = new SignInLimiter(limits);
    for (const at of [0, 1, 2]) limiter.recordFailure('a', at);
    expect(() => limiter.check('b', 3)).not.toThrow();
    limiter.reset('a');
    expect(() => limiter.check('a', 3)).not.toThrow();
  });

  it('stays bounded under a flood of made-up accounts', () => {
    const limiter = new SignInLimiter({ ...limits, maxKeys: 50 });
    for (let account = 0; account < 500; account++) limiter.recordFailure(`${'guess'.repeat(1000)}-${account}@example.com`, account);
    const footprint = limiter.footprint();
    expect(footprint.keys).toBe(50);
    expect(footprint.keyCharacters).toBeLessThanOrEqual(50 * 128);
    expect(footprint.times).toBe(50);
  });

  it('counts at most 10,000 accounts (or addresses) unless told otherwise', () => {
    const limiter = new SignInLimiter(limits);
    for (let account = 0; account < 10_050; account++) limiter.recordFailure(`account-${account}@example.com`, 0);
    expect(limiter.footprint().keys).toBe(10_000);
  });
});
