import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../src/http/contract.js';
import { ApiClient } from '../support/api-client.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await node.destroy();
});

const protectedOperations = Contract.load()
  .operations.filter((operation) => operation.requiresAuthentication)
  .map((operation) => [`${operation.method} ${operation.pathTemplate}`, operation] as const);

describe('every protected operation of the contract', () => {
  it.each(protectedOperations)('%s refuses a caller without a token, in the error shape', async (_call, operation) => {
    const path = operation.pathTemplate.replace(/\{\w+\}/g, 'some-id');
    // The node validates its own answers against the contract, so a wrong shape would be a 500 here.
    const answer = await new ApiClient(node.baseUrl).call<{ errorCode: number }>(operation.method, path);
    expect(answer.status).toBe(401);
    expect(answer.body.errorCode).toBe(10);
  });
});
