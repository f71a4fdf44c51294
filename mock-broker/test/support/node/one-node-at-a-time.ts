import { afterEach } from 'vitest';
import type { BrokerConfig } from '../../../src/config/config.js';
import type { Database } from '../../../src/database/database.js';
import { RawClients } from '../mqtt/raw-mqtt-client.js';
import { readStoppedDatabase } from './stopped-database.js';
import { startTestNode, type TestNode } from './test-node.js';

/**
 * For a test file whose tests each start a node, and may stop it to read its SQLite file or start
 * another on the same data: the node running now, raw MQTT clients to it, and after each test
 * the clients closed and the node destroyed.
 */
export function useOneNodeAtATime() {
  let node: TestNode | undefined;
  const running = (): TestNode => {
    if (!node) throw new Error('no node is running');
    return node;
  };
  const raw = new RawClients(() => running().mqttPort);
  afterEach(async () => {
    raw.closeAll();
    await node?.destroy();
    node = undefined;
  });
  return {
    raw,
    running,
    /** Starts a node (on the data directory of the one before it, when `dataDir` says so). */
    async start(overrides: Partial<BrokerConfig> = {}): Promise<TestNode> {
      node = await startTestNode(overrides);
      return node;
    },
    /** Stops the running node and reads its SQLite file as the next start would find it. */
    async readAfterStop<T>(read: (database: Database) => T): Promise<T> {
      const { dataDir } = running();
      await running().close();
      return readStoppedDatabase(dataDir, read);
    },
  };
}
