import type { ISubackPacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { eventually } from '../../support/checks/waits.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';

/** Four subscriptions for the node, whatever the client: each client's own bound is far above. */
const suite = useBrokerSuite({ maxSubscriptions: 4, maxSubscriptionsPerClient: 100 });
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

describe('subscriptions of all sessions together (STARLING_MAX_SUBSCRIPTIONS)', () => {
  it('refuses in the SUBACK the new filters past the bound (0x97, 3.1.1 0x80), the client staying connected; counts an offline session’s subscriptions and frees the place of a session that ended', async () => {
    // A persistent session away: its subscription still counts.
    const { client: away } = await raw.connect({ clientId: 'away', clean: false, properties: { sessionExpiryInterval: 600 } });
    expect((await away.subscribe('away/#', { qos: 1 })).granted).toEqual([1]);
    away.end();
    const { client: first } = await raw.connect({ clientId: 'first' });
    expect((await first.subscribe('a/#', { qos: 0 })).granted).toEqual([0]);
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(2));

    // Room for two more: of three new filters in one SUBSCRIBE, the last is refused; a repeat takes no room.
    const { client: second } = await raw.connect({ clientId: 'second' });
    second.send({ cmd: 'subscribe', messageId: 2, subscriptions: ['b/#', 'c/#', 'd/#'].map((topic) => ({ topic, qos: 1 })) });
    expect(((await second.next('suback')) as ISubackPacket).granted).toEqual([1, 1, 0x97]);
    expect((await first.subscribe('a/#', { qos: 1 }, 3)).granted).toEqual([1]);
    const { client: legacy } = await raw.connect({ clientId: 'legacy' }, { protocolVersion: 4 });
    expect((await legacy.subscribe('e/#', { qos: 0 })).granted).toEqual([0x80]);
    expect([second.closed, legacy.closed]).toEqual([false, false]);
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(4));

    // The clean session ends with its connection, and its subscriptions with it: there is room again.
    second.end();
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(2));
    expect((await legacy.subscribe('e/#', { qos: 0 }, 2)).granted).toEqual([0]);
    expect((await first.subscribe('b/#', { qos: 0 }, 4)).granted).toEqual([0]);
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(4));

    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    const edit = await api.call('PUT', '/api/subscription?clientId=first', { topicFilter: 'f/#', qos: 'AT_MOST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } });
    expect([edit.status, edit.body]).toMatchObject([400, { message: expect.stringMatching(/^body\.topicFilter: .*STARLING_MAX_SUBSCRIPTIONS\)/) }]);
    // Replacing one filter by another adds nothing.
    const swap = await api.call('POST', '/api/subscription', { clientId: 'first', subscriptions: [{ topicFilter: 'a/#', qos: 'AT_MOST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } }, { topicFilter: 'g/#', qos: 'AT_MOST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } }] });
    expect(swap.status).toBe(200);
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(4));
  });
});
