import type mqttPacket from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerProcess } from '../../support/node/broker-process.js';
import { pause } from '../../support/mqtt/mqtt-clients.js';
import { PersistentSubscriber, SteadyPublisher } from '../../support/mqtt/qos-load.js';
import { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { WAIT_MS } from '../../support/checks/waits.js';

// The promise to operators: once the broker has acknowledged a QoS 1/2 message (PUBACK, PUBREC),
// every persistent session it matches gets it, even if the broker is killed the next instant.
// The broker runs in a process of its own and is killed with SIGKILL under steady load, so no
// shutdown code gets to write what is pending.

let broker: BrokerProcess | undefined;
const clients: { end(): void }[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.end();
  await broker?.destroy();
  broker = undefined;
});

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await pause(20);
  }
  return true;
}

function track<T extends { end(): void }>(client: T): T {
  clients.push(client);
  return client;
}

/** An MQTT 3.1.1 connection with clean session off, driven packet by packet. */
async function session(clientId: string): Promise<RawMqttClient> {
  const { client } = await RawMqttClient.connect({ port: broker?.mqttPort ?? 0, protocolVersion: 4 }, { clientId, clean: false, protocolVersion: 4 });
  return track(client);
}

it('delivers every acknowledged QoS 1 and QoS 2 message after a SIGKILL under load, QoS 2 exactly once', async () => {
  // Queues hold everything the test sends: a drop for a full queue would read as a loss.
  broker = await BrokerProcess.create({ STARLING_MAX_QUEUED_MESSAGES: '100000' });
  await broker.start();
  const port = broker.mqttPort;

  // Per QoS: two publishers (MQTT 3.1.1 and 5), and persistent subscribers to both of them: two
  // connected through the load, and one away from before the load until after the restart, whose
  // messages exist nowhere but in its queue.
  const groups = ([1, 2] as const).map((qos) => ({
    qos,
    publishers: ([4, 5] as const).map((version) => track(new SteadyPublisher(`meter-q${qos}-v${version}`, `crash/q${qos}/meter-v${version}`, qos, version))),
    connected: ([4, 5] as const).map((version) => track(new PersistentSubscriber(`archive-q${qos}-v${version}`, `crash/q${qos}/#`, qos, version))),
    away: track(new PersistentSubscriber(`mobile-q${qos}-v5`, `crash/q${qos}/#`, qos, 5)),
  }));
  const publishers = groups.flatMap((group) => group.publishers);
  const subscribers = groups.flatMap((group) => [...group.connected, group.away]);
  for (const group of groups) {
    for (const subscriber of [...group.connected, group.away]) {
      await subscriber.connect(port);
      expect(await subscriber.subscribe()).toBe(group.qos);
    }
    group.away.end();
  }
  for (const publisher of publishers) await publisher.connect(port);
  for (const publisher of publishers) publisher.start();

  // About a second of steady load, then the kill in the middle of it.
  expect(await until(() => publishers.every((publisher) => publisher.acknowledged.size >= 600), 10_000)).toBe(true);
  await broker.kill();
  const acknowledgedBeforeKill = publishers.map((publisher) => publisher.acknowledged.size);
  await until(() => publishers.every((publisher) => !publisher.connected), WAIT_MS);

  await broker.start();
  // Subscribers return to their sessions without subscribing again.
  const resumed = [];
  for (const subscriber of subscribers) resumed.push(await subscriber.connect(port));
  expect(resumed).toEqual(subscribers.map(() => true));
  // Publishers send again what the broker had not finished, then a little more (reusing packet ids).
  for (const publisher of publishers) await publisher.connect(port);
  for (const publisher of publishers) publisher.start();
  // Load after the restart too: a hundred more acknowledged per publisher, however long that takes.
  expect(await until(() => publishers.every((publisher, index) => publisher.acknowledged.size >= (acknowledgedBeforeKill[index] ?? 0) + 100), WAIT_MS)).toBe(true);
  for (const publisher of publishers) publisher.stop();
  expect(await until(() => publishers.every((publisher) => publisher.inFlight.size === 0), WAIT_MS)).toBe(true);

  const expectations = groups.flatMap(({ qos, publishers: senders, connected, away }) =>
    [...connected, away].map((subscriber) => ({ qos, subscriber, expected: senders.flatMap((publisher) => [...publisher.acknowledged]) })),
  );
  const everythingArrived = () => expectations.every(({ subscriber, expected }) => expected.every((payload) => subscriber.count(payload) > 0));
  // Until everything arrived (or the deadline passed: then the report says what is missing).
  await until(everythingArrived, 2 * WAIT_MS);
  // A message delivered twice may come after the last missing one: whatever the broker sent before
  // answering two PINGREQs in turn has arrived.
  for (const subscriber of subscribers) await subscriber.settle();

  // The scene was as intended: load before the kill and after it.
  publishers.forEach((publisher, index) => expect(publisher.acknowledged.size).toBeGreaterThan(acknowledgedBeforeKill[index] ?? 0));
  expect(publishers.flatMap((publisher) => publisher.refusals)).toEqual([]);

  const report = expectations.map(({ qos, subscriber, expected }) => {
    const lost = expected.filter((payload) => subscriber.count(payload) === 0);
    const twice = [...subscriber.received].filter(([, times]) => times > 1).map(([payload]) => payload);
    // QoS 1 may hand a message on twice after a crash (at least once); QoS 2 may not (exactly once).
    return { subscriber: subscriber.clientId, lost: lost.length, firstLost: lost.slice(0, 5), duplicates: qos === 2 ? twice.slice(0, 5) : [] };
  });
  const counts = expectations.map(({ subscriber, expected }) => `${subscriber.clientId}: ${expected.length} acknowledged, ${subscriber.received.size} received`);
  expect(report, `${counts.join('; ')}\n${broker.log}`).toEqual(
    subscribers.map((subscriber) => ({ subscriber: subscriber.clientId, lost: 0, firstLost: [], duplicates: [] })),
  );
}, 240_000);

describe('a QoS 2 flow cut by a SIGKILL right after the broker answered', () => {
  /** A fresh broker with two persistent sessions: `ledger` subscribed to orders/# at `qos`, and a till to publish. */
  async function ledgerAndTill(qos: 1 | 2, tillId: string) {
    const running = await BrokerProcess.create();
    broker = running;
    await running.start();
    const ledger = await session('ledger');
    await ledger.subscribe('orders/#', { qos });
    return { running, ledger, till: await session(tillId) };
  }

  it('after the PUBREL to a subscriber, the broker sends the PUBREL again, never the message', async () => {
    const { running, ledger, till } = await ledgerAndTill(2, 'till-3');
    till.publish('orders/1', 'order-1', { qos: 2, messageId: 1 });
    const delivered = (await ledger.nextPublish()) as mqttPacket.IPublishPacket & { messageId: number };
    ledger.send({ cmd: 'pubrec', messageId: delivered.messageId });
    // The subscriber hands the message on at the PUBREL (and may forget it): kill the broker now.
    await ledger.next('pubrel');
    await running.kill();

    await running.start();
    const again = await session('ledger');
    // MQTT 4.4: the broker resends the unfinished flow where it stood, the PUBREL.
    const resent = await again.next();
    expect(resent).toMatchObject({ cmd: 'pubrel', messageId: delivered.messageId });
    expect(await again.settle('publish')).toEqual([]);
  });

  it('after the PUBCOMP to a publisher, its next message under the same packet id is delivered', async () => {
    const { running, till } = await ledgerAndTill(1, 'till-4');
    till.publish('orders/1', 'order-1', { qos: 2, messageId: 7 });
    await till.next('pubrec');
    till.send({ cmd: 'pubrel', messageId: 7 });
    // The publisher may now reuse id 7 for a new message: kill the broker the moment it may.
    await till.next('pubcomp');
    await running.kill();

    await running.start();
    const ledgerAgain = await session('ledger');
    const tillAgain = await session('till-4');
    tillAgain.publish('orders/2', 'order-2', { qos: 2, messageId: 7 });
    await tillAgain.next('pubrec');
    tillAgain.send({ cmd: 'pubrel', messageId: 7 });
    await tillAgain.next('pubcomp');
    // It may follow a resent order-1 (the ledger never acknowledged it); nextPublish fails the test
    // if it never comes.
    const payloads: string[] = [];
    while (!payloads.includes('order-2')) payloads.push((await ledgerAgain.nextPublish()).payload.toString());
  });
});
