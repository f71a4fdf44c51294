import sqlite from 'node-sqlite3-wasm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/http/api-error.js';
import { migrations } from '../../../src/database/migrations.js';
import { UserRepository } from '../../../src/users/user-repository.js';
import { UserService } from '../../../src/users/user-service.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

// openapi.yaml AdminUserSave.role: the last administrator cannot be demoted (409 naming body.role)
// or deleted (409 naming id). Over the API a caller who may delete is itself another administrator,
// so the delete rule shows only when administrators go at the same time; here it is asked directly.

let store: ReturnType<typeof openTemporaryDatabase>;
let repository: UserRepository;
let users: UserService;

beforeEach(() => {
  store = openTemporaryDatabase();
  repository = new UserRepository(store.database);
  users = new UserService(repository, { refuse: async () => undefined, oneTimePassword: () => 'one-time-password-1' });
});
afterEach(() => store.destroy());

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, message: error.message } : error),
  );

describe('the last administrator', () => {
  it('cannot be deleted, whoever asks: 409 naming id, and the account stays', async () => {
    const last = repository.create({ email: 'last@example.com', authority: 'SYS_ADMIN', passwordHash: null });
    const viewer = repository.create({ email: 'viewer@example.com', authority: 'SYS_ADMIN', role: 'READ_ONLY', passwordHash: null });
    expect(await refusal(users.delete(last.id, viewer.id))).toEqual({ status: 409, message: expect.stringMatching(/^id: last@example.com is the last administrator/) });
    expect(repository.findById(last.id)).toBeDefined();
    await users.delete(viewer.id, last.id);
    expect(repository.findById(viewer.id)).toBeUndefined();
  });

  it('cannot be demoted: 409 naming body.role; with another administrator it can', async () => {
    const last = repository.create({ email: 'only@example.com', authority: 'SYS_ADMIN', passwordHash: null });
    expect(await refusal(users.save({ id: last.id, email: last.email, role: 'READ_ONLY' }))).toEqual({ status: 409, message: expect.stringMatching(/^body\.role: /) });
    expect(repository.role(last.id)).toBe('ADMIN');
    await users.save({ email: 'another@example.com', role: 'ADMIN' });
    expect((await users.save({ id: last.id, email: last.email, role: 'READ_ONLY' })).user.role).toBe('READ_ONLY');
    expect(repository.role(last.id)).toBe('READ_ONLY');
  });
});

describe('the migration that brings roles', () => {
  it('makes every existing account an administrator', () => {
    const roles = migrations.find(({ sql }) => sql.includes('ADD COLUMN role'));
    if (!roles) throw new Error('no migration adds the role column');
    const database = new sqlite.Database(':memory:');
    for (const migration of migrations.filter(({ version }) => version < roles.version)) database.exec(migration.sql);
    database.run("INSERT INTO user_account (id, created_time, email, authority) VALUES ('u1', 0, 'a@b.c', 'SYS_ADMIN')");
    database.exec(roles.sql);
    expect(database.get("SELECT role FROM user_account WHERE id = 'u1'")?.role).toBe('ADMIN');
    database.close();
  });
});
