import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { PasswordChecksBusy, PasswordCheckWorker } from '../../../src/credentials/password-check-worker.js';
import { PasswordGuessingGuard } from '../../../src/credentials/password-guessing.js';

describe('password guessing guard', () => {
  it('refuses a username after its failures within the window, and an address after four times as many', () => {
    const guard = new PasswordGuessingGuard({ maxFailures: 2, windowMs: 1000 });
    guard.failed('meter', '10.0.0.1', 0);
    expect(guard.refuses('meter', '10.0.0.1', 1)).toBe(false);
    guard.failed('meter', '10.0.0.1', 2);
    expect(guard.refuses('meter', '10.0.0.9', 3)).toBe(true);
    expect(guard.refuses('other', '10.0.0.1', 3)).toBe(false);
    for (let at = 4; at < 10; at += 1) guard.failed(`user-${at}`, '10.0.0.1', at);
    expect(guard.refuses('fresh', '10.0.0.1', 11)).toBe(true);
    expect(guard.refuses('meter', '10.0.0.9', 1003)).toBe(false);
  });

  it('forgets a username\'s failures when its password is right, and stays bounded however many keys', () => {
    const guard = new PasswordGuessingGuard({ maxFailures: 1, windowMs: 60_000 });
    guard.failed('meter', '10.0.0.1', 0);
    guard.succeeded('meter');
    expect(guard.refuses('meter', '10.0.0.2', 1)).toBe(false);
    for (let index = 0; index < 30_000; index += 1) guard.failed(`user-${index}`, `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`, 10);
    expect(guard.size).toBeLessThanOrEqual(10_000);
  });
});

describe('password check worker', () => {
  it('compares on its own thread, and refuses more than it lets wait', async () => {
    const worker = new PasswordCheckWorker(2);
    const hash = bcrypt.hashSync('right', 4);
    try {
      const answers = [worker.compare('right', hash), worker.compare('wrong', hash)];
      await expect(worker.compare('right', hash)).rejects.toBeInstanceOf(PasswordChecksBusy);
      expect(await Promise.all(answers)).toEqual([true, false]);
      expect(await worker.compare('right', 'not a hash')).toBe(false);
    } finally {
      await worker.close();
    }
  });
});

describe('password guessing guard under concurrent CONNECTs', () => {
  it('lets no more checks run for a username than its failures left, and lets the waiting ones go on after a right password', async () => {
    const guard = new PasswordGuessingGuard({ maxFailures: 2, windowMs: 60_000 });
    expect(await guard.begin('meter', '10.0.0.1')).toBe(true);
    expect(await guard.begin('meter', '10.0.0.2')).toBe(true);
    let third: boolean | undefined;
    const waiting = guard.begin('meter', '10.0.0.3').then((admitted) => (third = admitted));
    await Promise.resolve();
    expect(third).toBeUndefined();
    guard.end('meter', '10.0.0.1', true);
    await waiting;
    expect(third).toBe(true);
  });

  it('refuses the waiting ones once the checks under way have failed', async () => {
    const guard = new PasswordGuessingGuard({ maxFailures: 2, windowMs: 60_000 });
    await guard.begin('meter', '10.0.0.1');
    await guard.begin('meter', '10.0.0.1');
    const waiting = guard.begin('meter', '10.0.0.1');
    guard.end('meter', '10.0.0.1', false);
    guard.end('meter', '10.0.0.1', false);
    expect(await waiting).toBe(false);
  });
});
