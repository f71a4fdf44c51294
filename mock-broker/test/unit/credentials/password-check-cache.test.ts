import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { PasswordCheckCache } from '../../../src/credentials/password-check-cache.js';

/** bcrypt's compare, counted. */
function countingCompare() {
  const counter = { calls: 0 };
  const compare = (password: string, hash: string) => {
    counter.calls += 1;
    return bcrypt.compare(password, hash);
  };
  return { counter, compare };
}

describe('password check cache', () => {
  const hash = bcrypt.hashSync('right', 4);

  it('answers a reconnect storm of the same credentials with one bcrypt comparison', async () => {
    const { counter, compare } = countingCompare();
    const cache = new PasswordCheckCache(100, compare);
    const answers = await Promise.all(Array.from({ length: 200 }, () => cache.check('c1', hash, 'right')));
    expect(answers.every(Boolean)).toBe(true);
    expect(await cache.check('c1', hash, 'wrong')).toBe(false);
    expect(await cache.check('c1', hash, 'wrong')).toBe(false);
    expect(counter.calls).toBe(2);
  });

  it('never reuses an answer for another hash or after forget()', async () => {
    const { counter, compare } = countingCompare();
    const cache = new PasswordCheckCache(100, compare);
    await cache.check('c1', hash, 'right');
    expect(await cache.check('c1', bcrypt.hashSync('new', 4), 'right')).toBe(false);
    cache.forget('c1');
    await cache.check('c1', hash, 'right');
    expect(counter.calls).toBe(3);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const { counter, compare } = countingCompare();
    const cache = new PasswordCheckCache(2, compare);
    await cache.check('a', hash, 'right');
    await cache.check('b', hash, 'right');
    await cache.check('a', hash, 'right');
    await cache.check('c', hash, 'right');
    await cache.check('a', hash, 'right');
    expect(counter.calls).toBe(3);
    await cache.check('b', hash, 'right');
    expect(counter.calls).toBe(4);
  });
});
