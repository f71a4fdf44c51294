import { describe, expect, it } from 'vitest';
import type { SessionSubscription } from '../../../src/mqtt/sessions/session-registry.js';
import { ApiClient } from '../../support/api/api-client.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();
const api = async () => {
  const client = new ApiClient(suite.node.baseUrl);
  await client.signIn();
  return client;
};

/** A subscription as the broker keeps it. */
function subscription(topicFilter: string, qos = 1, options: Partial<SessionSubscription['options']> = {}, subscriptionId?: number): SessionSubscription {
  return { topicFilter, qos, options: { noLocal: false, retainAsPublish: false, retainHandling: 0, ...options }, ...(subscriptionId ? { subscriptionId } : {}) };
}

const QOS_NAMES = ['AT_MOST_ONCE', 'AT_LEAST_ONCE', 'EXACTLY_ONCE'];
const RETAIN_HANDLING_NAMES = ['SEND_AT_SUBSCRIBE', 'SEND_AT_SUBSCRIBE_IF_NOT_YET_EXISTS', 'DONT_SEND_AT_SUBSCRIBE'];

/** As TBMQ takes it in POST /api/subscription and answers it there and in the list of all: QoS by name, subscriptionId null for none. */
function named(...args: Parameters<typeof subscription>) {
  const { topicFilter, qos, options, subscriptionId } = subscription(...args);
  return { topicFilter, qos: QOS_NAMES[qos], options, subscriptionId: subscriptionId ?? null };
}

/** As GET /api/subscription?clientId= answers it: Retain Handling by name, the share name apart, subscriptionId -1 for none. */
function listed(...args: Parameters<typeof subscription>) {
  const { topicFilter, qos, options, subscriptionId } = subscription(...args);
  return { topicFilter, qos, shareName: null, options: { ...options, retainHandling: RETAIN_HANDLING_NAMES[options.retainHandling] }, subscriptionId: subscriptionId ?? -1 };
}

async function publish(topic: string, payload: string, retain = false): Promise<void> {
  const publisher = await suite.clients.connect({ protocolVersion: 5 });
  await publisher.publishAsync(topic, payload, { qos: 1, retain });
}

describe("a session's subscriptions (/api/subscription)", () => {
  it('lists them with their options', async () => {
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-list' });
    await client.subscribeAsync('b/topic', { qos: 2, nl: true, rap: true, rh: 1, properties: { subscriptionIdentifier: 9 } });
    await client.subscribeAsync('a/topic', { qos: 0 });
    const answer = await (await api()).call('GET', '/api/subscription?clientId=edit-list');
    expect(answer.body).toEqual([listed('a/topic', 0), listed('b/topic', 2, { noLocal: true, retainAsPublish: true, retainHandling: 1 }, 9)]);
    const unknown = await (await api()).call('GET', '/api/subscription?clientId=nobody');
    expect([unknown.status, unknown.body]).toEqual([200, []]);
  });

  it('names the share name of a shared subscription apart from its topic filter', async () => {
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-shared' });
    await client.subscribeAsync('$share/crew/jobs/#', { qos: 1, rh: 2 });
    const answer = await (await api()).call('GET', '/api/subscription?clientId=edit-shared');
    expect(answer.body).toEqual([{ ...listed('jobs/#', 1, { retainHandling: 2 }), shareName: 'crew' }]);
  });

  it('an edited subscription receives the retained message, as if the client had subscribed', async () => {
    await publish('plant/4/mode', 'auto', true);
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-retained' });
    await client.subscribeAsync('plant/4/temperature', { qos: 0 });
    const received = inbox(client);

    const answer = await (await api()).call('POST', '/api/subscription', { clientId: 'edit-retained', subscriptions: [named('plant/4/#', 1)] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ clientId: 'edit-retained', subscriptions: [named('plant/4/#', 1)] });
    const retained = await received.next();
    expect(retained).toMatchObject({ topic: 'plant/4/mode', payload: 'auto' });
    expect(retained.packet.retain).toBe(true);
    await publish('plant/4/temperature', '21');
    expect(await received.next()).toMatchObject({ topic: 'plant/4/temperature', payload: '21' });
    expect(received.messages).toHaveLength(0);
  });

  it('sends retained messages per Retain Handling: 1 only for a new subscription, nothing for an unchanged one', async () => {
    await publish('tank/level', 'full', true);
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-handling' });
    await client.subscribeAsync('tank/level', { qos: 1, rh: 1 });
    const received = inbox(client);
    await received.next();
    const api1 = await api();
    // Same filter, new QoS: a changed subscription, not a new one, so Retain Handling 1 sends nothing.
    await api1.call('POST', '/api/subscription', { clientId: 'edit-handling', subscriptions: [named('tank/level', 0, { retainHandling: 1 })] });
    // Unchanged (the QoS given as TBMQ also takes it, a number): left alone, so nothing is sent again.
    await api1.call('POST', '/api/subscription', { clientId: 'edit-handling', subscriptions: [subscription('tank/level', 0, { retainHandling: 1 })] });
    expect(await received.none()).toBe(true);
    expect(suite.node.mqtt.sessions.get('edit-handling')?.subscriptions).toEqual([subscription('tank/level', 0, { retainHandling: 1 })]);
  });

  it('adds, changes and removes one subscription of an offline session, which gets the result when it returns', async () => {
    const options = { protocolVersion: 5 as const, clientId: 'edit-offline', clean: false, properties: { sessionExpiryInterval: 600 } };
    const first = await suite.clients.connect(options);
    await first.subscribeAsync('offline/old', { qos: 1 });
    await first.endAsync();
    await publish('offline/new', 'kept', true);
    const client = await api();

    const added = await client.call('PUT', '/api/subscription?clientId=edit-offline', subscription('offline/new', 0));
    expect(added.body).toEqual([listed('offline/new', 0), listed('offline/old', 1)]);
    const changed = await client.call('PUT', '/api/subscription?clientId=edit-offline', named('offline/new', 1, { retainHandling: 2 }));
    expect(changed.body).toEqual([listed('offline/new', 1, { retainHandling: 2 }), listed('offline/old', 1)]);
    const removed = await client.call('DELETE', '/api/subscription?clientId=edit-offline&topicFilter=offline%2Fold');
    expect(removed.body).toEqual([listed('offline/new', 1, { retainHandling: 2 })]);
    expect((await client.call('DELETE', '/api/subscription?clientId=edit-offline&topicFilter=offline%2Fold')).status).toBe(404);

    const again = suite.clients.open(options);
    const received = inbox(again);
    // The QoS 0 subscription's retained copy is QoS 0, which is not queued for an offline session,
    // and the change to QoS 1 came with Retain Handling 2: nothing retained waits.
    expect(await received.none()).toBe(true);
    await publish('offline/new', 'live');
    expect((await received.next()).payload).toBe('live');
    await publish('offline/old', 'not any more');
    expect(await received.none()).toBe(true);
  });

  it('refuses invalid topic filters, naming the field, and changes nothing', async () => {
    await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-invalid' });
    const client = await api();
    for (const [subscriptions, field] of [
      [[subscription('a/#/b')], 'body.subscriptions.0.topicFilter'],
      [[subscription('$share/group')], 'body.subscriptions.0.topicFilter'],
      [[{ ...subscription('ok'), qos: 3 }], 'body.subscriptions.0.qos'],
      [[{ ...subscription('ok'), qos: 'ONCE_OR_TWICE' }], 'body.subscriptions.0.qos'],
    ] as const) {
      const answer = await client.call<{ message: string; errorCode: number }>('POST', '/api/subscription', { clientId: 'edit-invalid', subscriptions });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    expect(suite.node.mqtt.sessions.get('edit-invalid')?.subscriptions).toEqual([]);
  });

  it('takes a topic filter listed twice as one SUBSCRIBE would: the last one counts', async () => {
    await suite.clients.connect({ protocolVersion: 5, clientId: 'edit-repeated' });
    const subscriptions = [named('twice/#', 0), named('once', 1), named('twice/#', 2)];
    const answer = await (await api()).call('POST', '/api/subscription', { clientId: 'edit-repeated', subscriptions });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ clientId: 'edit-repeated', subscriptions: [named('once', 1), named('twice/#', 2)] });
  });
});

describe('subscriptions of all clients (GET /api/subscription/all)', () => {
  it.each([
    ['clientId=all-', ['all-one all/a', 'all-one all/b', 'all-two $share/g/all/c', 'all-two all/a']],
    ['clientId=all-&topicFilter=ALL%2FA', ['all-one all/a', 'all-two all/a']],
    ['textSearch=ALL-T', ['all-two $share/g/all/c', 'all-two all/a']],
    ['clientId=all-&qosList=0,2', ['all-one all/b', 'all-two $share/g/all/c']],
    ['clientId=all-&noLocalList=true', ['all-one all/b']],
    ['clientId=all-&noLocalList=false,true', ['all-one all/a', 'all-one all/b', 'all-two $share/g/all/c', 'all-two all/a']],
    ['clientId=all-&retainAsPublishList=true', ['all-two all/a']],
    ['clientId=all-&retainAsPublishList=false', ['all-one all/a', 'all-one all/b', 'all-two $share/g/all/c']],
    ['clientId=all-&retainHandlingList=2', ['all-two all/a']],
    ['clientId=all-&subscriptionId=7', ['all-one all/a']],
  ])('filters by %s', async (query, expected) => {
    const one = await suite.clients.connect({ protocolVersion: 5, clientId: 'all-one' });
    await one.subscribeAsync('all/a', { qos: 1, properties: { subscriptionIdentifier: 7 } });
    await one.subscribeAsync('all/b', { qos: 0, nl: true });
    const two = await suite.clients.connect({ protocolVersion: 5, clientId: 'all-two' });
    await two.subscribeAsync('all/a', { qos: 1, rap: true, rh: 2 });
    await two.subscribeAsync('$share/g/all/c', { qos: 2 });
    await eventually(() => expect(suite.node.mqtt.sessions.get('all-two')?.subscriptions).toHaveLength(2));
    const answer = await (await api()).call<{ data: { clientId: string; subscription: { topicFilter: string } }[]; totalElements: number }>('GET', `/api/subscription/all?pageSize=50&page=0&${query}`);
    expect(answer.body.data.map((entry) => `${entry.clientId} ${entry.subscription.topicFilter}`)).toEqual(expected);
    expect(answer.body.totalElements).toBe(expected.length);
  });

  it('nests each subscription under its client, QoS by name, as TBMQ does', async () => {
    const client = await suite.clients.connect({ protocolVersion: 5, clientId: 'all-nested' });
    await client.subscribeAsync('nested/#', { qos: 2, nl: true, rh: 1, properties: { subscriptionIdentifier: 4 } });
    await client.subscribeAsync('nested/plain', { qos: 0 });
    const answer = await (await api()).call('GET', '/api/subscription/all?pageSize=50&page=0&clientId=all-nested');
    expect(answer.body).toEqual({
      data: [
        { clientId: 'all-nested', subscription: named('nested/#', 2, { noLocal: true, retainHandling: 1 }, 4) },
        { clientId: 'all-nested', subscription: named('nested/plain', 0) },
      ],
      totalPages: 1,
      totalElements: 2,
      hasNext: false,
    });
  });

  // sort-one: sort/z, QoS 2, No Local, Retain Handling 1, identifier 3; sort-two: sort/a, QoS 0, Retain As Published, identifier 5.
  it.each([
    ['clientId', ['sort-one', 'sort-two']],
    ['topicFilter', ['sort-two', 'sort-one']],
    ['qos', ['sort-two', 'sort-one']],
    ['noLocal', ['sort-two', 'sort-one']],
    ['retainAsPublish', ['sort-one', 'sort-two']],
    ['retainHandling', ['sort-two', 'sort-one']],
    ['subscriptionId', ['sort-one', 'sort-two']],
  ])('sorts by %s both ways', async (property, ascending) => {
    const one = await suite.clients.connect({ protocolVersion: 5, clientId: 'sort-one' });
    await one.subscribeAsync('sort/z', { qos: 2, nl: true, rh: 1, properties: { subscriptionIdentifier: 3 } });
    const two = await suite.clients.connect({ protocolVersion: 5, clientId: 'sort-two' });
    await two.subscribeAsync('sort/a', { qos: 0, rap: true, properties: { subscriptionIdentifier: 5 } });
    await eventually(() => expect(suite.node.mqtt.sessions.get('sort-two')?.subscriptions).toHaveLength(1));
    const order = async (sortOrder: string) => {
      const query = `pageSize=50&page=0&clientId=sort-&sortProperty=${property}&sortOrder=${sortOrder}`;
      return (await (await api()).call<{ data: { clientId: string }[] }>('GET', `/api/subscription/all?${query}`)).body.data.map((entry) => entry.clientId);
    };
    expect(await order('ASC')).toEqual(ascending);
    expect(await order('DESC')).toEqual([...ascending].reverse());
  });
});

describe('shared subscription groups (GET /api/subscription?pageSize&page, TBMQ\'s form)', () => {
  it('lists each group with its members, their client type and whether they are connected', async () => {
    const persistent = { protocolVersion: 5 as const, clean: false, properties: { sessionExpiryInterval: 600 } };
    const [worker, spare] = await Promise.all([
      suite.clients.connect({ ...persistent, clientId: 'group-worker' }),
      suite.clients.connect({ ...persistent, clientId: 'group-spare' }),
    ]);
    await worker.subscribeAsync('$share/meters/meters/+/reading', { qos: 1 });
    await spare.subscribeAsync('$share/meters/meters/+/reading', { qos: 1 });
    await spare.subscribeAsync('$share/audit/meters/#', { qos: 0 });
    await spare.endAsync();
    await eventually(() => expect(suite.node.mqtt.sessions.get('group-spare')?.connectionState).toBe('DISCONNECTED'));

    const page = await (await api()).call('GET', '/api/subscription?pageSize=10&page=0&textSearch=meters');
    expect(page.body).toEqual({
      data: [
        { shareName: 'audit', topicFilter: 'meters/#', clients: [{ clientId: 'group-spare', clientType: 'DEVICE', connected: false }] },
        {
          shareName: 'meters',
          topicFilter: 'meters/+/reading',
          clients: [
            { clientId: 'group-worker', clientType: 'DEVICE', connected: true },
            { clientId: 'group-spare', clientType: 'DEVICE', connected: false },
          ],
        },
      ],
      totalPages: 1,
      totalElements: 2,
      hasNext: false,
    });
    const byShareName = await (await api()).call<{ data: { shareName: string }[] }>('GET', '/api/subscription?pageSize=10&page=0&shareNameSearch=MET&sortOrder=DESC');
    expect(byShareName.body.data.map((group) => group.shareName)).toEqual(['meters']);
    const byMember = await (await api()).call<{ data: { shareName: string }[] }>('GET', '/api/subscription?pageSize=10&page=0&clientIdSearch=worker');
    expect(byMember.body.data.map((group) => group.shareName)).toEqual(['meters']);
    const neither = await (await api()).call<{ message: string }>('GET', '/api/subscription?textSearch=meters');
    expect([neither.status, neither.body.message]).toEqual([400, expect.stringContaining('query.clientId')]);
  });
});
