import type { IDisconnectPacket } from 'mqtt-packet';
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
  it('disconnects a SUBSCRIBE past the bound with 0x97, counts an offline session’s subscriptions, frees the place of a session that ended, and holds console edits to it', async () => {
    // A persistent session away: its subscription still counts.
    const { client: away } = await raw.connect({ clientId: 'away', clean: false, properties: { sessionExpiryInterval: 600 } });
    expect((await away.subscribe('away/#', { qos: 1 })).granted).toEqual([1]);
    away.end();
    const { client: first } = await raw.connect({ clientId: 'first' });
    for (const [index, topic] of ['a/#', 'b/#'].entries()) expect((await first.subscribe(topic, { qos: 0 }, index + 1)).granted).toEqual([0]);
    const { client: second } = await raw.connect({ clientId: 'second' });
    expect((await second.subscribe('c/#', { qos: 0 })).granted).toEqual([0]);
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(4));

    second.send({ cmd: 'subscribe', messageId: 2, subscriptions: [{ topic: 'd/#', qos: 0 }] });
    expect(((await second.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x97);
    // The clean session ended with its connection, and its subscription with it: there is room for one.
    await eventually(() => expect(suite.node.mqtt.sessions.subscriptionCount()).toBe(3));
    const { client: third } = await raw.connect({ clientId: 'third' });
    expect((await third.subscribe('e/#', { qos: 0 })).granted).toEqual([0]);

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
