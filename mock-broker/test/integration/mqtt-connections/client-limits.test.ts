import mqttPacket, { type IDisconnectPacket, type ISubackPacket, type ISubscribePacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients, RawMqttClient } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';
import { ApiClient } from '../../support/api/api-client.js';

/** Small limits, so that a test can reach each one. */
const suite = useBrokerSuite({
  maxClientIdLength: 30,
  maxTopicLength: 64,
  maxSubscriptionsPerClient: 3,
  maxConnectionsPerAddress: 8,
  maxConnectPacketSize: 1024,
});
const raw = new RawClients(() => suite.node.mqttPort);
const opened: RawMqttClient[] = [];
afterEach(() => {
  raw.closeAll();
  for (const client of opened.splice(0)) client.end();
});

describe('what one client can make the broker hold is bounded', () => {
  it.each([
    [5, 0x85, 0x86],
    [4, 2, 4],
  ] as const)('refuses a client id or username beyond the limit at CONNECT (MQTT version %i)', async (protocolVersion, clientIdCode, usernameCode) => {
    const code = (connack: { reasonCode?: number; returnCode?: number }) => (protocolVersion === 5 ? connack.reasonCode : connack.returnCode);
    expect(code((await raw.connect({ clientId: 'c'.repeat(31) }, { protocolVersion })).connack)).toBe(clientIdCode);
    expect(code((await raw.connect({ clientId: 'fine', username: 'u'.repeat(31) }, { protocolVersion })).connack)).toBe(usernameCode);
    expect(code((await raw.connect({ clientId: 'c'.repeat(30), username: 'u'.repeat(30) }, { protocolVersion })).connack)).toBe(0);
  });

  it('closes a connection whose CONNECT is larger than the limit before authentication, without reading it all', async () => {
    const client = await RawMqttClient.open({ port: suite.node.mqttPort });
    opened.push(client);
    // A CONNECT announcing 512 KiB: the broker must not wait for (and buffer) the rest.
    client.socket.write(Buffer.from([0x10, 0x80, 0x80, 0x20]));
    client.socket.write(Buffer.alloc(2048));
    expect(await client.waitClosed()).toBe(true);
  });

  it('disconnects an MQTT 5 client publishing to a topic beyond the limit with 0x90, and closes an MQTT 3.1.1 one', async () => {
    const { client: v5 } = await raw.connect({});
    v5.publish(`long/${'t'.repeat(64)}`, 'x');
    expect(((await v5.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x90);
    const { client: v4 } = await raw.connect({}, { protocolVersion: 4 });
    v4.publish(`long/${'t'.repeat(64)}`, 'x');
    expect(await v4.waitClosed()).toBe(true);
  });

  it('disconnects a client subscribing to a filter beyond the limit with 0x8F', async () => {
    const { client } = await raw.connect({});
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: `long/${'f'.repeat(64)}/#`, qos: 0 }] });
    expect(((await client.next('disconnect')) as IDisconnectPacket).reasonCode).toBe(0x8f);
  });

  it('grants subscriptions up to the limit (repeats do not count) and refuses the new ones beyond it in the SUBACK, the client staying connected', async () => {
    const { client } = await raw.connect({ clientId: 'subscriber' });
    for (const [index, topic] of ['a/#', 'b/#', 'a/#'].entries()) expect((await client.subscribe(topic, { qos: 0 }, index + 1)).granted).toEqual([0]);
    // One SUBSCRIBE: a repeat, one new filter that fits, two past the limit (MQTT 5 0x97).
    client.send({ cmd: 'subscribe', messageId: 9, subscriptions: ['a/#', 'c/#', 'd/#', 'e/#'].map((topic) => ({ topic, qos: 1 })) });
    expect(((await client.next('suback')) as ISubackPacket).granted).toEqual([1, 1, 0x97, 0x97]);
    expect((await client.subscribe('d/#', { qos: 0 }, 10)).granted).toEqual([0x97]);
    // The client is still connected, and its granted subscriptions deliver.
    const { client: publisher } = await raw.connect({});
    publisher.publish('c/1', 'to c');
    expect((await client.nextPublish()).payload.toString()).toBe('to c');
    // An MQTT 3.1.1 client hears 0x80 (Failure).
    const { client: legacy } = await raw.connect({ clientId: 'legacy' }, { protocolVersion: 4 });
    legacy.send({ cmd: 'subscribe', messageId: 1, subscriptions: ['a/#', 'b/#', 'c/#', 'd/#'].map((topic) => ({ topic, qos: 0 })) });
    expect(((await legacy.next('suback')) as ISubackPacket).granted).toEqual([0, 0, 0, 0x80]);
  });

  it('counts the SUBSCRIBEs a client sends together, while their subscriptions are still being stored: no more than the limit is granted among them', async () => {
    const { client } = await raw.connect({ clientId: 'burst', clean: false, properties: { sessionExpiryInterval: 600 } });
    const burst = Array.from({ length: 6 }, (_, index) => mqttPacket.generate({ cmd: 'subscribe', messageId: index + 1, subscriptions: [{ topic: `burst/${index}`, qos: 0 }] } as ISubscribePacket, { protocolVersion: 5 }));
    client.socket.write(Buffer.concat(burst));
    const acks = await Promise.all(burst.map(() => client.next('suback') as Promise<ISubackPacket>));
    const granted = acks.sort((one, other) => (one.messageId ?? 0) - (other.messageId ?? 0)).map((ack) => ack.granted[0]);
    expect(granted.filter((code) => code === 0)).toHaveLength(3);
    expect(granted.filter((code) => code === 0x97)).toHaveLength(3);
    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    const held = (await api.call('GET', '/api/subscription?clientId=burst')).body as { topicFilter: string }[];
    expect(held).toHaveLength(3);
  });

  it("holds an administrator's subscription edits to the same bounds, naming the field, and changes nothing when it refuses", async () => {
    const { client } = await raw.connect({ clientId: 'edited' });
    expect((await client.subscribe('a/#', { qos: 0 }, 1)).granted).toEqual([0]);
    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    const save = (topicFilter: string, qos = 'AT_MOST_ONCE') =>
      api.call('PUT', '/api/subscription?clientId=edited', { topicFilter, qos, options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } });
    const filters = async () => ((await api.call('GET', '/api/subscription?clientId=edited')).body as { topicFilter: string }[]).map((subscription) => subscription.topicFilter);

    for (const topicFilter of ['b/#', 'c/#']) expect((await save(topicFilter)).status).toBe(200);
    // The fourth is one past the client's bound; a change to one it has is not.
    const fourth = await save('d/#');
    expect([fourth.status, fourth.body]).toMatchObject([400, { message: expect.stringMatching(/body\.topicFilter.*STARLING_MAX_SUBSCRIPTIONS_PER_CLIENT/) }]);
    expect((await save('a/#', 'AT_LEAST_ONCE')).status).toBe(200);
    const long = await save(`long/${'f'.repeat(64)}/#`);
    expect([long.status, long.body]).toMatchObject([400, { message: expect.stringMatching(/^body\.topicFilter .*STARLING_MAX_TOPIC_LENGTH/) }]);
    const deep = await save(Array.from({ length: 101 }, () => 'x').join('/'));
    expect([deep.status, deep.body]).toMatchObject([400, { message: 'body.topicFilter has more than 100 levels' }]);

    const replace = (topicFilters: string[]) =>
      api.call('POST', '/api/subscription', { clientId: 'edited', subscriptions: topicFilters.map((topicFilter) => ({ topicFilter, qos: 'AT_MOST_ONCE', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 } })) });
    const four = await replace(['a/#', 'b/#', 'c/#', 'd/#']);
    expect([four.status, four.body]).toMatchObject([400, { message: expect.stringMatching(/^body\.subscriptions holds 4 .*at most 3/) }]);
    const tooLong = await replace(['a/#', `long/${'f'.repeat(64)}`]);
    expect([tooLong.status, tooLong.body]).toMatchObject([400, { message: expect.stringMatching(/^body\.subscriptions\.1\.topicFilter /) }]);
    expect(await filters()).toEqual(['a/#', 'b/#', 'c/#']);
    expect((await replace(['a/#', 'e/#'])).status).toBe(200);
    expect(await filters()).toEqual(['a/#', 'e/#']);
  });

  it('closes connections from one address beyond the limit, and takes new ones when others close', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => RawMqttClient.open({ port: suite.node.mqttPort })));
    opened.push(...clients);
    const extra = await RawMqttClient.open({ port: suite.node.mqttPort });
    opened.push(extra);
    expect(await extra.waitClosed()).toBe(true);
    clients[0]?.end();
    // The broker frees the place once it has seen that close; until then it closes a newcomer at
    // once, before any CONNACK. Try again until it answers one.
    const connack = await eventually(async () => {
      const { client, connack: answer } = await raw.connect({}, {}).catch(() => ({ client: undefined, connack: undefined }));
      expect(client?.closed === false ? answer : undefined).toBeDefined();
      return answer;
    }, { interval: 50 });
    expect(connack?.reasonCode).toBe(0);
  });
});
