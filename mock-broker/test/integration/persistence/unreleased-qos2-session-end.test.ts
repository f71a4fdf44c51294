import type { IConnectPacket, IPubcompPacket, IPublishPacket } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { incomingRows } from '../../../src/mqtt/persistence/persistence-rows.js';
import type { RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { useOneNodeAtATime } from '../../support/node/one-node-at-a-time.js';
import { eventually } from '../../support/checks/waits.js';

/**
 * A QoS 2 PUBLISH the broker has answered with PUBREC but whose PUBREL has not come is session
 * state (MQTT 5 section 4.1, MQTT 3.1.1 section 3.1.2.4): it lasts as long as the session, in
 * memory and in SQLite, and no longer. Observed through the persistence Aedes asks, through the
 * SQLite file a restart reads, and through what a subscriber receives.
 */
const { raw, running, start, readAfterStop } = useOneNodeAtATime();

type Session = { name: string; protocolVersion: 4 | 5; connect: Partial<IConnectPacket> };

/** Sessions that end with their connection: MQTT 3.1.1 CleanSession 1, MQTT 5 Session Expiry Interval 0. */
const ENDING_WITH_CONNECTION: Session[] = [
  { name: 'MQTT 3.1.1 with CleanSession 1', protocolVersion: 4, connect: { clean: true } },
  { name: 'MQTT 5 with Session Expiry Interval 0', protocolVersion: 5, connect: { clean: true } },
];

const PERSISTENT: Session[] = [
  { name: 'MQTT 3.1.1 with CleanSession 0', protocolVersion: 4, connect: { clean: false } },
  { name: 'MQTT 5 with a Session Expiry Interval', protocolVersion: 5, connect: { clean: false, properties: { sessionExpiryInterval: 600 } } },
];

/** Publishes at QoS 2 and waits for the PUBREC, sending no PUBREL. */
async function publishUnreleased(client: RawMqttClient, messageId: number, payload: string): Promise<void> {
  client.publish('unreleased/t', payload, { qos: 2, messageId });
  expect(await client.next('pubrec')).toMatchObject({ messageId });
}

/** Whether the persistence still holds the client's unreleased QoS 2 PUBLISH, as Aedes asks it. */
function stillHeld(clientId: string, messageId: number): Promise<boolean> {
  return running().mqtt.broker.persistence.incomingGetPacket({ id: clientId }, { messageId }).then(
    () => true,
    () => false,
  );
}

/** Stops the node and answers the client ids with unreleased QoS 2 PUBLISHes in its SQLite file. */
function storedAfterStop(): Promise<string[]> {
  return readAfterStop((database) => incomingRows.load(database).map((row) => row.clientId));
}

async function subscriber(): Promise<RawMqttClient> {
  const { client } = await raw.connect({}, { autoAcknowledge: true });
  await client.subscribe('unreleased/#', { qos: 2 });
  return client;
}

describe('an unreleased QoS 2 PUBLISH', () => {
  it.each(ENDING_WITH_CONNECTION)('goes with a session of $name when its connection closes', async ({ protocolVersion, connect }) => {
    await start();
    const clientId = `ending-${protocolVersion}`;
    const { client } = await raw.connect({ clientId, ...connect }, { protocolVersion });
    await publishUnreleased(client, 1, 'never released');
    expect(await stillHeld(clientId, 1)).toBe(true);
    client.disconnect();
    expect(await client.waitClosed()).toBe(true);
    // The registry lets the session go in the same broker event as the store does.
    await eventually(() => expect(running().mqtt.sessions.get(clientId)).toBeUndefined());

    expect(await stillHeld(clientId, 1)).toBe(false);
    expect(await storedAfterStop()).not.toContain(clientId);
  });

  it('goes with the sessions of connections the broker closes as it stops', async () => {
    await start();
    for (const { protocolVersion, connect } of ENDING_WITH_CONNECTION) {
      const { client } = await raw.connect({ clientId: `stopping-${protocolVersion}`, ...connect }, { protocolVersion });
      await publishUnreleased(client, 1, 'never released');
    }
    const { client: persistent } = await raw.connect({ clientId: 'stopping-persistent', clean: false }, { protocolVersion: 4 });
    await publishUnreleased(persistent, 1, 'released after the restart');

    expect(await storedAfterStop()).toEqual(['stopping-persistent']);
  });

  it('goes with a session a Clean Start ends: a new message under its packet id is not taken for a repeat', async () => {
    await start();
    const watcher = await subscriber();
    const clientId = 'clean-start-again';
    const { client } = await raw.connect({ clientId, clean: false, properties: { sessionExpiryInterval: 600 } });
    await publishUnreleased(client, 1, 'first');
    client.end();
    await client.waitClosed();

    const { client: again } = await raw.connect({ clientId, clean: true });
    expect(await stillHeld(clientId, 1)).toBe(false);
    await publishUnreleased(again, 1, 'second');
    again.send({ cmd: 'pubrel', messageId: 1 });
    expect(await again.next('pubcomp')).toMatchObject({ messageId: 1, reasonCode: 0 });
    const delivered = [await watcher.nextPublish(), await watcher.nextPublish(), ...((await watcher.settle('publish')) as IPublishPacket[])];
    expect(delivered.map((packet) => packet.payload.toString())).toEqual(['first', 'second']);
  });

  it.each(PERSISTENT)('stays with a session of $name across its connections, and its PUBREL completes it once', async ({ protocolVersion, connect }) => {
    await start();
    const watcher = await subscriber();
    const clientId = `persistent-${protocolVersion}`;
    const { client } = await raw.connect({ clientId, ...connect }, { protocolVersion });
    await publishUnreleased(client, 7, 'exactly once');
    client.disconnect();
    expect(await client.waitClosed()).toBe(true);
    await eventually(() => expect(running().mqtt.sessions.get(clientId)?.connectionState).toBe('DISCONNECTED'));
    expect(await stillHeld(clientId, 7)).toBe(true);

    const { client: back } = await raw.connect({ clientId, ...connect }, { protocolVersion });
    // The PUBLISH again, as a client that missed the PUBREC sends it: recognised, not published twice.
    back.publish('unreleased/t', 'exactly once', { qos: 2, messageId: 7, dup: true });
    expect(await back.next('pubrec')).toMatchObject({ messageId: 7 });
    back.send({ cmd: 'pubrel', messageId: 7 });
    const pubcomp = (await back.next('pubcomp')) as IPubcompPacket;
    expect(pubcomp.messageId).toBe(7);
    if (protocolVersion === 5) expect(pubcomp.reasonCode).toBe(0);
    expect(await stillHeld(clientId, 7)).toBe(false);

    const delivered = [await watcher.nextPublish(), ...((await watcher.settle('publish')) as IPublishPacket[])];
    expect(delivered.map((packet) => packet.payload.toString())).toEqual(['exactly once']);
  });
});
