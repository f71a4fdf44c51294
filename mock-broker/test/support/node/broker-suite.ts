import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BrokerConfig } from '../../../src/config/config.js';
import { MqttClients } from '../mqtt/mqtt-clients.js';
import { startTestNode, type TestNode, type TestNodeOptions } from './test-node.js';

export interface BrokerSuite {
  readonly node: TestNode;
  readonly clients: MqttClients;
}

/**
 * One node for the whole test file, its MQTT clients closed after every test, the node destroyed
 * at the end. Call at the top level of a test file.
 */
export function useBrokerSuite(overrides: Partial<BrokerConfig> = {}, options: TestNodeOptions = {}): BrokerSuite {
  let node: TestNode | undefined;
  let clients: MqttClients | undefined;
  beforeAll(async () => {
    node = await startTestNode(overrides, options);
    clients = new MqttClients(node);
  });
  afterEach(() => clients?.closeAll());
  afterAll(() => node?.destroy());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the broker suite has not started yet: use it inside tests');
    return value;
  };
  return {
    get node() {
      return started(node);
    },
    get clients() {
      return started(clients);
    },
  };
}
