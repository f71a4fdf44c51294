import { afterEach, describe, expect, it } from 'vitest';
import type { PersistedPacket } from '../../../src/mqtt/persistence/persisted-packet.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

/**
 * Sessions and wills that wait longer than one Node timer can hold (2^31 - 1 ms, about 24.8 days),
 * brought back by a restart: Node fires a longer timer after 1 ms, which would end them at once.
 */
let node: TestNode | undefined;
const raw = new RawClients(() => running().mqttPort);

function running(): TestNode {
  if (!node) throw new Error('no node is running');
  return node;
}

async function restart(): Promise<void> {
  raw.closeAll();
  const { dataDir } = running();
  await running().close();
  node = await startTestNode({ dataDir });
}

afterEach(async () => {
  raw.closeAll();
  await node?.destroy();
  node = undefined;
});

const FORTY_DAYS_S = 40 * 24 * 3600;
/** The longest Session Expiry Interval that still expires (MQTT 5 section 3.1.2.11.2): 136 years. */
const LONGEST_EXPIRING_S = 0xfffffffe;

// Each test starts a node twice: room for that on a busy machine.
const RESTARTS = { timeout: 60_000 };

describe('a restart', RESTARTS, () => {
  it.each([
    ['40 days', FORTY_DAYS_S],
    ['0xFFFFFFFE seconds', LONGEST_EXPIRING_S],
  ])('keeps a session whose Session Expiry Interval is %s', async (_name, sessionExpiryInterval) => {
    node = await startTestNode();
    const clientId = `long-session-${sessionExpiryInterval}`;
    const { client } = await raw.connect({ clientId, clean: true, properties: { sessionExpiryInterval } });
    await client.subscribe('long-session/+', { qos: 1 });
    client.disconnect();
    expect(await client.waitClosed()).toBe(true);
    await restart();

    const { connack } = await raw.connect({ clientId, clean: false, properties: { sessionExpiryInterval } });
    expect(connack.sessionPresent).toBe(true);
  });

  it('keeps waiting a stored will whose Will Delay Interval is 40 days', async () => {
    const crashed = await startTestNode();
    const will = {
      cmd: 'publish',
      topic: 'status/long-goodbye',
      payload: Buffer.from('gone'),
      qos: 1,
      retain: true,
      properties: { willDelayInterval: FORTY_DAYS_S },
    } as unknown as PersistedPacket;
    await crashed.mqtt.broker.persistence.putWill({ id: 'long-goodbye' }, will);
    await crashed.close();
    node = await startTestNode({ dataDir: crashed.dataDir });

    // A round trip over MQTT: far more than the 1 ms an overflowing timer waits.
    const { client } = await raw.connect({}, { autoAcknowledge: true });
    await client.subscribe('status/#', { qos: 1 });
    expect(await client.settle('publish')).toEqual([]);
    expect(running().mqtt.broker.persistence.retainedMessages.get('status/long-goodbye')).toBeUndefined();
    expect(await running().mqtt.broker.persistence.getWill({ id: 'long-goodbye' })).toMatchObject({ topic: 'status/long-goodbye' });
  });
});
