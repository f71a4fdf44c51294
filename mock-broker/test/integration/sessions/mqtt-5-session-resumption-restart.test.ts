import { afterEach, describe, expect, it } from 'vitest';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import {
  DELIVERY_DEADLINE_MS,
  LONG_SESSION,
  expectExpiryLeft,
  expectResent,
  leaveSubscribedSession,
  leaveUnfinishedDeliveries,
  nextPublishes,
  payloads,
  publishAll,
  waitUntil,
} from '../../support/mqtt/session-resumption.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

/**
 * mqtt-5-session-resumption.test.ts across a restart of the broker: sessions, their queues and
 * what was in flight are in SQLite, and a client resuming on the restarted node sees what it would
 * have seen without the restart. Section numbers are the OASIS MQTT 5.0 standard's.
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

// Each test starts a node twice: room for that on a busy machine.
const RESTARTS = { timeout: 60_000 };

describe('a session resumed on a restarted broker', RESTARTS, () => {
  it('gets what was queued with the Message Expiry Interval that is left, without the message that expired (4.1, 3.3.2.3.3)', async () => {
    node = await startTestNode();
    await leaveSubscribedSession(raw, 'restart-queued', 'restart-queued/+');
    const { client: publisher } = await raw.connect({});
    const publishedAt = Date.now();
    await publishAll(publisher, [
      { topic: 'restart-queued/a', payload: 'one', qos: 2 },
      { topic: 'restart-queued/b', payload: 'short-lived', qos: 1, messageExpiryInterval: 1 },
      { topic: 'restart-queued/c', payload: 'two', qos: 1, messageExpiryInterval: 600 },
    ]);
    const acknowledgedAt = Date.now();
    await restart();
    await waitUntil(acknowledgedAt, 1100);

    const reconnectedAt = Date.now();
    // Resumed without a Session Expiry Interval: the session and its queue are still the client's (3.1.2.4).
    const { client: back, connack } = await raw.connect({ clientId: 'restart-queued', clean: false });
    expect(connack.sessionPresent).toBe(true);
    const delivered = await nextPublishes(back, 2);
    const receivedAt = Date.now();
    expect(delivered.map((packet) => [packet.payload.toString(), packet.qos, packet.dup])).toEqual([
      ['one', 2, false],
      ['two', 1, false],
    ]);
    expectExpiryLeft(delivered[1], 600, { publishedAt, acknowledgedAt, reconnectedAt, receivedAt });

    for (const packet of delivered) back.acknowledge(packet);
    back.acknowledge(await back.next('pubrel', DELIVERY_DEADLINE_MS));
    const { client: laterPublisher } = await raw.connect({});
    await publishAll(laterPublisher, [{ topic: 'restart-queued/d', payload: 'live', qos: 1 }]);
    expect(payloads([await back.nextPublish(DELIVERY_DEADLINE_MS)])).toEqual(['live']);
    expect(back.violations).toEqual([]);
  });

  it('gets unacknowledged PUBLISHes again with DUP 1 and their packet ids, and the PUBREL of a flow that had its PUBREC (4.4)', async () => {
    node = await startTestNode();
    const unfinished = await leaveUnfinishedDeliveries(raw, 'restart-resend');
    await restart();

    const { client: back, connack } = await raw.connect({ clientId: 'restart-resend', clean: false, properties: { sessionExpiryInterval: LONG_SESSION } });
    expect(connack.sessionPresent).toBe(true);
    await expectResent(back, unfinished);
    expect(back.violations).toEqual([]);
  });
});

describe('a Session Expiry Interval set by DISCONNECT, across a restart (3.14.2.2.2)', RESTARTS, () => {
  it('keeps a session whose DISCONNECT lengthened its interval past the one CONNECT stated', async () => {
    node = await startTestNode();
    const { client } = await raw.connect({ clientId: 'restart-lengthened', clean: true, properties: { sessionExpiryInterval: 1 } });
    await client.subscribe('restart-lengthened/+', { qos: 1 });
    client.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: LONG_SESSION } });
    await client.waitClosed(DELIVERY_DEADLINE_MS);
    const disconnectedAt = Date.now();
    await restart();
    await waitUntil(disconnectedAt, 1500);
    const { connack } = await raw.connect({ clientId: 'restart-lengthened', clean: false, properties: { sessionExpiryInterval: LONG_SESSION } });
    expect(connack.sessionPresent).toBe(true);
  });

  it('ends a session whose DISCONNECT shortened its interval when that runs out', async () => {
    node = await startTestNode();
    const { client } = await raw.connect({ clientId: 'restart-shortened', clean: true, properties: { sessionExpiryInterval: LONG_SESSION } });
    await client.subscribe('restart-shortened/+', { qos: 1 });
    client.disconnect({ reasonCode: 0, properties: { sessionExpiryInterval: 1 } });
    await client.waitClosed(DELIVERY_DEADLINE_MS);
    const disconnectedAt = Date.now();
    await restart();
    await waitUntil(disconnectedAt, 1500);
    const { connack } = await raw.connect({ clientId: 'restart-shortened', clean: false });
    expect(connack.sessionPresent).toBe(false);
  });
});
