import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type NodeOptions, type RunningNode } from '../../../src/app/node.js';
import { loadConfig, type BrokerConfig } from '../../../src/config/config.js';
import { ADMIN_PASSWORD, ApiClient, DEFAULT_ADMIN } from '../api/api-client.js';
import { claimsOf } from '../api/users.js';

export interface TestNode extends RunningNode {
  dataDir: string;
  config: BrokerConfig;
  baseUrl: string;
  /** Stops the node and deletes its data directory. */
  destroy(): Promise<void>;
}

export interface TestNodeOptions extends NodeOptions {
  /**
   * Leave the default administrator as a fresh node has it: its password chosen by someone else, so
   * its sign-ins may only change it. Otherwise the administrator has chosen ADMIN_PASSWORD itself,
   * through the API, and the tests of other areas sign in with it to full tokens.
   */
  keepDefaultPassword?: boolean;
}

/**
 * The default administrator changes its password to ADMIN_PASSWORD, as a user at the forced-change
 * screen could; on a data directory carried over the default password is refused: settled already.
 */
export async function settleDefaultPassword(baseUrl: string): Promise<void> {
  const api = new ApiClient(baseUrl);
  const signedIn = await api.call<{ token: string }>('POST', '/api/auth/login', DEFAULT_ADMIN);
  if (signedIn.status === 401) return;
  if (signedIn.status !== 200) throw new Error(`the default administrator could not sign in: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  if (claimsOf(signedIn.body.token).passwordChangeRequired !== true) return;
  api.token = signedIn.body.token;
  const answer = await api.call('POST', '/api/auth/changePassword', { currentPassword: DEFAULT_ADMIN.password, newPassword: ADMIN_PASSWORD });
  if (answer.status !== 200) throw new Error(`the default administrator could not settle its password: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A real node on free ports with its own data directory, validating every answer against the contract. */
export async function startTestNode(overrides: Partial<BrokerConfig> = {}, options: TestNodeOptions = {}): Promise<TestNode> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'starling-test-'));
  const config: BrokerConfig = {
    ...loadConfig({}),
    httpPort: 0,
    mqttPort: 0,
    wsPort: 0,
    bindAddress: '127.0.0.1',
    validateResponses: true,
    ...overrides,
    dataDir,
  };
  const { keepDefaultPassword = false, ...nodeOptions } = options;
  const node = await startNode(config, nodeOptions);
  const baseUrl = `http://127.0.0.1:${node.httpPort}`;
  try {
    if (!keepDefaultPassword) await settleDefaultPassword(baseUrl);
  } catch (error) {
    await node.close();
    throw error;
  }
  return {
    ...node,
    dataDir,
    config,
    baseUrl,
    async destroy() {
      await node.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
