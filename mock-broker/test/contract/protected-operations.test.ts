import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../src/http/contract.js';
import { ApiClient, DEFAULT_ADMIN } from '../support/api/api-client.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';

let node: TestNode;

beforeAll(async () => {
  // The default administrator keeps the password it did not choose: its sign-in gets a restricted token.
  node = await startTestNode({}, { keepDefaultPassword: true });
});

afterAll(async () => {
  await node.destroy();
});

const protectedOperations = Contract.load()
  .operations.filter((operation) => operation.requiresAuthentication)
  .map((operation) => [`${operation.method} ${operation.pathTemplate}`, operation] as const);

const restrictedOperations = protectedOperations.filter(([, operation]) => !operation.allowsPasswordChangeSession);

describe('every protected operation of the contract', () => {
  it.each(protectedOperations)('%s refuses a caller without a token, in the error shape', async (_call, operation) => {
    const path = operation.pathTemplate.replace(/\{\w+\}/g, 'some-id');
    // The node validates its own answers against the contract, so a wrong shape would be a 500 here.
    const answer = await new ApiClient(node.baseUrl).call<{ errorCode: number }>(operation.method, path);
    expect(answer.status).toBe(401);
    expect(answer.body.errorCode).toBe(10);
  });
});

describe('a session whose password must change (openapi.yaml, "Password change required")', () => {
  let api: ApiClient;
  beforeAll(async () => {
    api = new ApiClient(node.baseUrl);
    await api.signIn(DEFAULT_ADMIN.username, DEFAULT_ADMIN.password);
  });

  it.each(restrictedOperations)('%s answers it 403 with code 21', async (_call, operation) => {
    const path = operation.pathTemplate.replace(/\{\w+\}/g, 'some-id');
    const answer = await api.call<{ errorCode: number }>(operation.method, path);
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe(21);
  });

  it('may call only what the forced-change screen needs', () => {
    const allowed = protectedOperations.filter(([, operation]) => operation.allowsPasswordChangeSession).map(([call]) => call);
    // The extensions list too: the console asks it once per session, before it knows the password must change.
    expect(allowed.sort()).toEqual(['GET /api/app/config', 'GET /api/auth/user', 'POST /api/auth/changePassword']);
  });
});
