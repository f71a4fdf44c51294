import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

interface TokenPair {
  token: string;
  refreshToken: string;
}

// Issue 26 N10: a public (read-only) session must end once the public id it was opened with is no
// longer configured; before, its refresh token kept renewing it after STARLING_PUBLIC_ID was removed.
describe('public sessions after STARLING_PUBLIC_ID is removed or changed', () => {
  let node: TestNode | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await node?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Restarts the node on the same data directory (same users, same signing secret) with another public id, or none. */
  async function restartWith(publicId: string | undefined): Promise<TestNode> {
    await node?.close();
    node = await startTestNode({ dataDir, publicId });
    dataDir = node.dataDir;
    return node;
  }

  async function openPublicSession(publicId: string): Promise<TokenPair> {
    const current = await restartWith(publicId);
    const answer = await new ApiClient(current.baseUrl).call<TokenPair>('POST', '/api/auth/login/public', { publicId });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** The status an access token gets on a page a public session may read, and the status its refresh token gets. */
  async function answers(pair: TokenPair): Promise<{ access: number; refresh: number }> {
    const api = new ApiClient(node?.baseUrl ?? '');
    api.token = pair.token;
    const access = (await api.call('GET', '/api/system/info')).status;
    const refresh = (await new ApiClient(node?.baseUrl ?? '').call('POST', '/api/auth/token', { refreshToken: pair.refreshToken })).status;
    return { access, refresh };
  }

  it('keeps a public session across a restart with the same public id', async () => {
    const pair = await openPublicSession('lobby-screen-7');
    await restartWith('lobby-screen-7');
    expect(await answers(pair)).toEqual({ access: 200, refresh: 200 });
  });

  it('ends it, access and refresh token alike (401), once the node runs without a public id', async () => {
    const pair = await openPublicSession('lobby-screen-7');
    await restartWith(undefined);
    expect(await answers(pair)).toEqual({ access: 401, refresh: 401 });
  });

  it('ends it once the node runs with another public id, and a session of the new id works', async () => {
    const pair = await openPublicSession('lobby-screen-7');
    const fresh = await openPublicSession('lobby-screen-8');
    expect(await answers(pair)).toEqual({ access: 401, refresh: 401 });
    expect(await answers(fresh)).toEqual({ access: 200, refresh: 200 });
  });
});
