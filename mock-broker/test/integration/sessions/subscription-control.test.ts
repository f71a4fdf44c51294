import { describe, expect, it } from 'vitest';
import type { SessionSubscription } from '../../../src/mqtt/sessions/session-registry.js';
import { addSubscriptions, removeSubscriptions } from '../../../src/mqtt/subscription-control.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();

function subscription(topicFilter: string, qos = 1, retainHandling = 0): SessionSubscription {
  return { topicFilter, qos, options: { noLocal: false, retainAsPublish: false, retainHandling } };
}

async function publish(topic: string, payload: string, retain = false): Promise<void> {
  const publisher = await suite.clients.connect({ protocolVersion: 5 });
  await publisher.publishAsync(topic, payload, { qos: 1, retain });
}

describe('subscriptions changed by an administrator', () => {
  it('start delivering to a connected client at once, with the retained message, and no SUBACK it never asked for', async () => {
    await publish('valves/3/setpoint', '40', true);
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'valve-controller' });
    const packets: string[] = [];
    client.on('packetreceive', (packet) => packets.push(packet.cmd));
    const received = inbox(client);

    expect(await addSubscriptions(suite.node.mqtt.broker, 'valve-controller', [subscription('valves/#', 1)])).toBe(true);
    const retained = await received.next();
    expect(retained).toMatchObject({ topic: 'valves/3/setpoint', payload: '40' });
    expect(retained.packet.retain).toBe(true);
    await publish('valves/3/open', 'yes');
    expect((await received.next()).topic).toBe('valves/3/open');
    expect(packets).not.toContain('suback');
    expect(suite.node.mqtt.sessions.get('valve-controller')?.subscriptions.map((entry) => entry.topicFilter)).toEqual(['valves/#']);
  });

  it('leave retained messages out when Retain Handling is 2', async () => {
    await publish('doors/1/state', 'closed', true);
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'door-watcher' });
    const received = inbox(client);
    await addSubscriptions(suite.node.mqtt.broker, 'door-watcher', [subscription('doors/#', 1, 2)]);
    expect(await received.none()).toBe(true);
  });

  it('are kept with a persistent session and reach an offline one when it returns', async () => {
    const options = { protocolVersion: 5 as const, clientId: 'field-unit', clean: false, properties: { sessionExpiryInterval: 600 } };
    const first = await suite.clients.connect(options);
    await first.subscribeAsync('field/ping');
    await first.endAsync();
    await publish('field/config', 'v2', true);

    expect(await addSubscriptions(suite.node.mqtt.broker, 'field-unit', [subscription('field/config', 1)])).toBe(true);
    await publish('field/config/update', 'ignored: another topic');
    const again = suite.clients.open(options);
    const received = inbox(again);
    expect(await received.next()).toMatchObject({ topic: 'field/config', payload: 'v2' });
    await publish('field/config', 'v3');
    expect((await received.next()).payload).toBe('v3');
  });

  it('stop delivering once removed', async () => {
    const client = await suite.clients.connect({ protocolVersion: 4, clientId: 'to-trim' });
    await client.subscribeAsync('trim/a', { qos: 1 });
    await client.subscribeAsync('trim/b', { qos: 1 });
    const received = inbox(client);
    expect(await removeSubscriptions(suite.node.mqtt.broker, 'to-trim', ['trim/a'])).toBe(true);
    await publish('trim/a', 'dropped');
    await publish('trim/b', 'kept');
    expect((await received.next()).payload).toBe('kept');
    expect(await received.none()).toBe(true);
    await eventually(() => expect(suite.node.mqtt.sessions.get('to-trim')?.subscriptions.map((entry) => entry.topicFilter)).toEqual(['trim/b']));
  });

  it('join and leave shared subscription groups like any subscription', async () => {
    await suite.clients.connect({ protocolVersion: 5, clientId: 'pooled' });
    await addSubscriptions(suite.node.mqtt.broker, 'pooled', [subscription('$share/pool/work/#', 0)]);
    expect(suite.node.mqtt.sharedSubscriptions.list()).toContainEqual({ shareName: 'pool', topicFilter: 'work/#', members: [{ clientId: 'pooled', connected: true }] });
    await removeSubscriptions(suite.node.mqtt.broker, 'pooled', ['$share/pool/work/#']);
    expect(suite.node.mqtt.sharedSubscriptions.list().find((group) => group.shareName === 'pool')).toBeUndefined();
  });

  it('answer false for a client the broker does not know', async () => {
    expect(await addSubscriptions(suite.node.mqtt.broker, 'stranger', [subscription('a/b')])).toBe(false);
    expect(await removeSubscriptions(suite.node.mqtt.broker, 'stranger', ['a/b'])).toBe(false);
  });
});
