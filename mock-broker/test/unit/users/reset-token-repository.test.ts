import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/database/database.js';
import { ResetTokenRepository } from '../../../src/users/reset-token-repository.js';
import { UserRepository } from '../../../src/users/user-repository.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

let store: ReturnType<typeof openTemporaryDatabase>;
let tokens: ResetTokenRepository;

beforeEach(() => {
  store = openTemporaryDatabase();
  tokens = new ResetTokenRepository(store.database);
});
afterEach(() => store.destroy());

function createUsers(database: Database, count: number): string[] {
  const users = new UserRepository(database);
  return Array.from({ length: count }, (_unused, index) => users.create({ email: `user-${index}@example.com`, authority: 'SYS_ADMIN', passwordHash: null }).id);
}

describe('mailed-link tokens', () => {
  it('keep one live token per user and purpose: a new one replaces the last', () => {
    const [user = ''] = createUsers(store.database, 1);
    const now = 1_000_000;
    const first = tokens.issue(user, now + 60_000, 'RESET', now);
    const second = tokens.issue(user, now + 60_000, 'RESET', now);
    tokens.issue(user, now + 60_000, 'ACTIVATION', now);
    expect(tokens.count()).toBe(2);
    expect(tokens.consume(first, 'RESET', now)).toBeUndefined();
    expect(tokens.consume(second, 'ACTIVATION', now)).toBeUndefined();
    expect(tokens.consume(second, 'RESET', now)).toBe(user);
  });

  it('work once', () => {
    const [user = ''] = createUsers(store.database, 1);
    const token = tokens.issue(user, Date.now() + 60_000);
    expect(tokens.consume(token)).toBe(user);
    expect(tokens.consume(token)).toBeUndefined();
  });

  it('are deleted once expired, when the next one is made', () => {
    const users = createUsers(store.database, 50);
    const now = 1_000_000;
    for (const user of users) tokens.issue(user, now + 1000, 'RESET', now);
    expect(tokens.count()).toBe(50);
    const late = tokens.issue(users[0] ?? '', now + 5000 + 60_000, 'ACTIVATION', now + 5000);
    expect(tokens.count()).toBe(1);
    expect(tokens.consume(late, 'ACTIVATION', now + 5000)).toBe(users[0]);
  });
});
