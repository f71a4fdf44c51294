import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type NodeOptions, type RunningNode } from '../../src/app/node.js';
import { loadConfig, type BrokerConfig } from '../../src/config/config.js';

export interface TestNode extends RunningNode {
  dataDir: string;
  config: BrokerConfig;
  baseUrl: string;
  /** Stops the node and deletes its data directory. */
  destroy(): Promise<void>;
}

/** A real node on free ports with its own data directory, validating every answer against the contract. */
export async function startTestNode(overrides: Partial<BrokerConfig> = {}, options: NodeOptions = {}): Promise<TestNode> {
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
  const node = await startNode(config, options);
  return {
    ...node,
    dataDir,
    config,
    baseUrl: `http://127.0.0.1:${node.httpPort}`,
    async destroy() {
      await node.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
