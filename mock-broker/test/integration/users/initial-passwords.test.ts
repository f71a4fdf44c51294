import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/database/database.js';
import { claimDataDirectory } from '../../../src/database/data-directory-claim.js';
import { ApiClient, DEFAULT_ADMIN } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { claimsOf, type TokenPair } from '../../support/api/users.js';

interface SavedUser {
  id: string;
  email: string;
  additionalInfo: { isPasswordChanged: boolean };
  initialPassword?: string;
}
interface ErrorBody {
  errorCode: number;
  message: string;
}

let node: TestNode;
let admin: ApiClient;

beforeAll(async () => {
  node = await startTestNode();
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
});
afterAll(() => node.destroy());

async function create(body: Record<string, unknown>): Promise<SavedUser> {
  const answer = await admin.call<SavedUser>('POST', '/api/admin', body);
  expect(answer.status).toBe(200);
  return answer.body;
}

const signIn = (username: string, password: string) => new ApiClient(node.baseUrl).call<TokenPair>('POST', '/api/auth/login', { username, password });

/**
 * Issue 26 N1. The spec (section 2) and TBMQ 2.3 give a user created without a password the shared
 * default: anyone who knew the e-mail signed in with it first. Starling answers a random one-time
 * password to the creating administrator instead (OWASP ASVS 2.3.1).
 */
describe('a user created without a password (issue 26 N1: no shared default)', () => {
  it('cannot be signed into with the shared default password', async () => {
    await create({ email: 'victim@example.com', firstName: 'Vic' });
    const attack = await signIn('victim@example.com', DEFAULT_ADMIN.password);
    expect(attack.status).toBe(401);
  });

  it('gets a random one-time password, answered once, that signs in to a session which may only change it', async () => {
    const created = await create({ email: 'newcomer@example.com' });
    expect(created.initialPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(created.additionalInfo.isPasswordChanged).toBe(false);

    const signedIn = await signIn('newcomer@example.com', created.initialPassword ?? '');
    expect(signedIn.status).toBe(200);
    expect(claimsOf(signedIn.body.token)).toMatchObject({ passwordChangeRequired: true });
    const newcomer = new ApiClient(node.baseUrl);
    newcomer.token = signedIn.body.token;
    expect((await newcomer.call<ErrorBody>('GET', '/api/admin?pageSize=10&page=0')).body.errorCode).toBe(21);

    const changed = await newcomer.call<TokenPair>('POST', '/api/auth/changePassword', { currentPassword: created.initialPassword, newPassword: 'Newcomer-own-7' });
    expect(changed.status).toBe(200);
    expect(claimsOf(changed.body.token)).not.toHaveProperty('passwordChangeRequired');
    expect((await signIn('newcomer@example.com', created.initialPassword ?? '')).status).toBe(401);
  });

  it('is never answered its one-time password again: not by reading, listing or saving the user', async () => {
    const created = await create({ email: 'read-back@example.com' });
    const secret = created.initialPassword ?? '';
    expect(secret).not.toBe('');
    const read = await admin.call('GET', `/api/admin/user/${created.id}`);
    const listed = await admin.call('GET', '/api/admin?pageSize=100&page=0');
    const saved = await admin.call('POST', '/api/admin', { id: created.id, email: created.email, firstName: 'Renamed' });
    for (const answer of [read, listed, saved]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain('initialPassword');
    }
  });

  it('gets a different password each time', async () => {
    const first = await create({ email: 'twin-a@example.com' });
    const second = await create({ email: 'twin-b@example.com', password: '' });
    expect(second.initialPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(second.initialPassword).not.toBe(first.initialPassword);
  });

  it('answers none when the administrator typed one in', async () => {
    const created = await create({ email: 'typed@example.com', password: 'Typed-in-secret-1' });
    expect(created).not.toHaveProperty('initialPassword');
    expect((await signIn('typed@example.com', 'Typed-in-secret-1')).status).toBe(200);
  });

  it('refuses the shared default as a password an administrator sets, naming the field', async () => {
    const refused = await admin.call<ErrorBody>('POST', '/api/admin', { email: 'planted@example.com', password: DEFAULT_ADMIN.password });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^body\.password/);
    expect((await signIn('planted@example.com', DEFAULT_ADMIN.password)).status).toBe(401);

    const existing = await create({ email: 'reset-to-default@example.com' });
    const reset = await admin.call<ErrorBody>('POST', '/api/admin', { id: existing.id, email: existing.email, password: DEFAULT_ADMIN.password });
    expect(reset.status).toBe(400);
    expect((await signIn('reset-to-default@example.com', DEFAULT_ADMIN.password)).status).toBe(401);
  });
});

/**
 * Issue 26 N1, the accounts made before: an older Starling gave the shared default to users added
 * without a password. Such an account, carried over in a data directory, must not open with it.
 */
describe('an account that already holds the shared default password', () => {
  it('is refused like a wrong password, while the first start administrator still signs in with it to change it', async () => {
    const legacy = await startTestNode({}, { keepDefaultPassword: true });
    const api = new ApiClient(legacy.baseUrl);
    expect((await api.call<TokenPair>('POST', '/api/auth/login', DEFAULT_ADMIN)).status).toBe(200);
    await legacy.close();
    plantSharedDefault(legacy.dataDir, 'carried-over@example.com');

    const restarted = await startTestNode({ dataDir: legacy.dataDir }, { keepDefaultPassword: true });
    try {
      const client = new ApiClient(restarted.baseUrl);
      const refused = await client.call<ErrorBody>('POST', '/api/auth/login', { username: 'carried-over@example.com', password: DEFAULT_ADMIN.password });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Invalid username or password');
      const firstAdmin = await client.call<TokenPair>('POST', '/api/auth/login', DEFAULT_ADMIN);
      expect(firstAdmin.status).toBe(200);
      expect(claimsOf(firstAdmin.body.token)).toMatchObject({ passwordChangeRequired: true });
    } finally {
      await restarted.destroy();
    }
  });

  it('cannot be given it again: changing one own password to it is refused naming the field', async () => {
    const created = await create({ email: 'chooses-default@example.com' });
    const own = new ApiClient(node.baseUrl);
    own.token = (await signIn('chooses-default@example.com', created.initialPassword ?? '')).body.token;
    const refused = await own.call<ErrorBody>('POST', '/api/auth/changePassword', { currentPassword: created.initialPassword, newPassword: DEFAULT_ADMIN.password });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^body\.newPassword is the shared default/);
  });
});

/** Writes an account whose password is the shared default into a stopped node's database, as an older Starling left it. */
function plantSharedDefault(dataDir: string, email: string): void {
  const release = claimDataDirectory(dataDir);
  const database = openDatabase(dataDir);
  try {
    const id = randomUUID();
    const history = JSON.stringify({ userPasswordHistory: [{ ts: Date.now() }] });
    database.run("INSERT INTO user_account (id, created_time, email, authority, additional_info) VALUES (?, ?, ?, 'SYS_ADMIN', ?)", [id, Date.now(), email, history]);
    database.run('INSERT INTO user_credentials (user_id, password_hash) VALUES (?, ?)', [id, bcrypt.hashSync(DEFAULT_ADMIN.password, 4)]);
  } finally {
    database.close();
    release();
  }
}
