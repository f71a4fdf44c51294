// What APPLICATION clients and Kafka records can make a node do (SECURITY.md): one client takes
// at most STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT memberships (each a Kafka consumer in the consumer
// group of its share name), the node at most STARLING_KAFKA_MAX_MEMBERS, refused with SUBACK 0x97;
// and records written straight into a subscription's Kafka topic by anyone else reach a member
// only as valid PUBLISH packets, or are skipped and counted as dropped.
import { randomUUID } from 'node:crypto';
import { Admin, Producer } from '@platformatic/kafka';
import type mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeKafkaMessage } from '../../src/app-shared-subscriptions/app-shared-subscription.js';
import { DEFAULT_KAFKA_LIMITS, type KafkaSettings } from '../../src/kafka/kafka-settings.js';
import { ApiClient } from '../support/api/api-client.js';
import { saveCredentials } from '../support/api/client-credentials.js';
import { RawMqttClient } from '../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../support/node/test-node.js';

const bootstrap = inject('kafkaBootstrap');
const [host, port] = bootstrap.split(':') as [string, string];
const run = randomUUID().slice(0, 8);
const APP = { username: `app-${run}`, password: 'app-secret' };
const MAX_MEMBERS = 3;
const MAX_MEMBERS_PER_CLIENT = 2;
const kafka: KafkaSettings = {
  bootstrap: [{ host, port: Number(port) }],
  sasl: undefined,
  tls: false,
  tlsCaFile: undefined,
  limits: { ...DEFAULT_KAFKA_LIMITS, maxMembers: MAX_MEMBERS, maxMembersPerClient: MAX_MEMBERS_PER_CLIENT },
};

let node: TestNode;
let api: ApiClient;
const opened: RawMqttClient[] = [];
const admin = new Admin({ clientId: 'app-shared-limits-test', bootstrapBrokers: [bootstrap] });

async function subscription(filter: string): Promise<{ kafkaTopic: string }> {
  const answer = await api.call<{ kafkaTopic: string }>('POST', '/api/app/shared/subs', { name: `${filter} ${run}`, topicFilter: filter, partitions: 1 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function application(clientId: string, protocolVersion: 4 | 5 = 5): Promise<RawMqttClient> {
  const { client, connack } = await RawMqttClient.connect({ port: node.mqttPort, protocolVersion, autoAcknowledge: true }, { clientId, username: APP.username, password: Buffer.from(APP.password) });
  expect(connack.reasonCode ?? connack.returnCode).toBe(0);
  opened.push(client);
  return client;
}

/** One SUBSCRIBE with every filter: answers the SUBACK's reason codes, in order. */
async function subscribeAll(client: RawMqttClient, filters: string[], messageId: number): Promise<number[]> {
  client.send({ cmd: 'subscribe', messageId, subscriptions: filters.map((topic) => ({ topic, qos: 1 })) } as mqttPacket.ISubscribePacket);
  return ((await client.next('suback')) as mqttPacket.ISubackPacket).granted as number[];
}

async function groupsOf(share: string): Promise<string[]> {
  return [...(await admin.listGroups()).keys()].filter((group) => group.includes(`.${share}.`));
}

async function droppedMessages(): Promise<number> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  return Number(/^starling_dropped_messages_total (\d+)$/m.exec(text)?.[1]);
}

beforeAll(async () => {
  node = await startTestNode({ kafka, metricsEnabled: true });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: `Applications ${run}`, clientType: 'APPLICATION', value: { userName: APP.username, password: APP.password } });
});

afterAll(async () => {
  for (const client of opened) client.end();
  await admin.close();
  await node?.destroy();
});

describe('records written into the Kafka topic by someone else', () => {
  const producer = new Producer({ clientId: 'app-shared-crafted-records', bootstrapBrokers: [bootstrap] });
  afterAll(() => producer.close());

  it('reach a member only as valid PUBLISH packets of its filter, with valid properties; the rest are skipped and counted (MQTT 5.0 sections 1.5.4, 3.3.2.1, 3.3.2.3)', async () => {
    const filter = `crafted-${run}/#`;
    const { kafkaTopic } = await subscription(filter);
    const member = await application(`member-crafted-${run}`);
    expect((await member.subscribe(`$share/crafted/${filter}`, { qos: 1 })).granted).toEqual([1]);
    const before = await droppedMessages();
    const good = (payload: string) => encodeKafkaMessage({ qos: 1, retain: false, payload: Buffer.from(payload) });
    const properties = Buffer.from(JSON.stringify({
      contentType: 5,
      responseTopic: 'replies/#',
      payloadFormatIndicator: true,
      correlationData: Buffer.from('corr').toString('base64'),
      userProperties: { kept: 'yes', nested: { not: 'a string' }, nul: 'a\u0000b', many: ['one', 7] },
      topicAlias: 9,
      subscriptionIdentifier: 42,
      messageExpiryInterval: 'soon',
    }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(properties.length);
    const sanitized = Buffer.concat([Buffer.from([1, 0b1001]), length, properties, Buffer.from([0xff, 0xfe])]);
    const key = (text: string) => Buffer.from(text, 'utf8');
    await producer.send({
      messages: [
        { topic: kafkaTopic, key: Buffer.from([0x63, 0xff, 0xfe]), value: good('ill-formed key') },
        { topic: kafkaTopic, key: key(`crafted-${run}/+`), value: good('wildcard key') },
        { topic: kafkaTopic, key: key(`crafted-${run}/a\u0000b`), value: good('U+0000 in the key') },
        { topic: kafkaTopic, key: key(`elsewhere-${run}/x`), value: good('outside the filter') },
        { topic: kafkaTopic, value: good('no key') },
        { topic: kafkaTopic, key: key(`crafted-${run}/a`), value: Buffer.from('not this node\'s format') },
        { topic: kafkaTopic, key: key(`crafted-${run}/a`), value: Buffer.concat([Buffer.from([1, 0b1001, 0xff, 0xff, 0xff, 0xff])]) },
        { topic: kafkaTopic, key: key(`crafted-${run}/props`), value: sanitized },
        { topic: kafkaTopic, key: key(`crafted-${run}/fine`), value: good('fine') },
      ],
    });
    const first = (await member.nextPublish()) as mqttPacket.IPublishPacket;
    const second = (await member.nextPublish()) as mqttPacket.IPublishPacket;
    expect([first.topic, second.topic]).toEqual([`crafted-${run}/props`, `crafted-${run}/fine`]);
    // Only what the properties hold with their MQTT types; no Topic Alias, Subscription Identifier or
    // Payload Format Indicator over a payload that is not UTF-8.
    expect(first.properties).toEqual({ correlationData: Buffer.from('corr'), userProperties: { kept: 'yes', many: 'one' } });
    expect(second.payload.toString()).toBe('fine');
    expect(member.violations).toEqual([]);
    await expect.poll(() => droppedMessages()).toBe(before + 7);
    // The node is still up and delivering.
    const publisher = await application(`publisher-crafted-${run}`);
    publisher.publish(`crafted-${run}/after`, 'after', { qos: 1, messageId: 1 });
    expect(((await member.nextPublish()) as mqttPacket.IPublishPacket).payload.toString()).toBe('after');
    // Its membership ends with the connection, before the node closes it: the next test counts from none.
    member.disconnect();
    expect(await member.waitClosed()).toBe(true);
  });
});

describe('memberships of APPLICATION clients', () => {
  it('are bounded per client and per node, refused beyond with SUBACK 0x97 Quota exceeded and no consumer group made (MQTT 5.0 section 3.9.3)', async () => {
    const filter = `limits-${run}/#`;
    await subscription(filter);
    const greedy = await application(`greedy-${run}`);
    // Three share names in one SUBSCRIBE: each is granted or refused on its own.
    expect(await subscribeAll(greedy, [`$share/g1-${run}/${filter}`, `$share/g2-${run}/${filter}`, `$share/g3-${run}/${filter}`], 1)).toEqual([1, 1, 0x97]);
    expect(await subscribeAll(greedy, [`$share/g4-${run}/${filter}`], 2)).toEqual([0x97]);
    // Subscribing again to a share name it holds is no new membership.
    expect(await subscribeAll(greedy, [`$share/g1-${run}/${filter}`], 3)).toEqual([1]);
    await expect.poll(() => groupsOf(`g1-${run}`)).toHaveLength(1);
    expect(await groupsOf(`g3-${run}`)).toEqual([]);
    expect(await groupsOf(`g4-${run}`)).toEqual([]);

    const other = await application(`other-${run}`);
    expect(await subscribeAll(other, [`$share/g1-${run}/${filter}`], 1)).toEqual([1]);
    // The node's members are all taken now.
    const late = await application(`late-${run}`);
    expect(await subscribeAll(late, [`$share/g5-${run}/${filter}`], 1)).toEqual([0x97]);
    const older = await application(`older-${run}`, 4);
    // MQTT 3.1.1 has one failure code for SUBACK (section 3.9.3).
    expect(await subscribeAll(older, [`$share/g6-${run}/${filter}`], 1)).toEqual([0x80]);
    expect(await groupsOf(`g5-${run}`)).toEqual([]);

    // A membership that ends gives its place back.
    greedy.end();
    await expect.poll(async () => subscribeAll(late, [`$share/g5-${run}/${filter}`], 2)).toEqual([1]);
  });
});

describe('consumer groups of an application shared subscription', () => {
  const MAX_GROUPS = 2;
  beforeAll(async () => {
    // A node of its own: its share names are bounded, its members are not.
    await node.destroy();
    node = await startTestNode({ kafka: { ...kafka, limits: { ...DEFAULT_KAFKA_LIMITS, maxGroupsPerSubscription: MAX_GROUPS } }, metricsEnabled: true });
    api = new ApiClient(node.baseUrl);
    await api.signIn();
    await saveCredentials(api, { name: `Applications ${run}`, clientType: 'APPLICATION', value: { userName: APP.username, password: APP.password } });
  });

  it('are bounded also across connections: the groups a client left behind in Kafka count, a new share name beyond gets SUBACK 0x97 (MQTT 5.0 section 3.9.3)', async () => {
    const filter = `groups-${run}/#`;
    await subscription(filter);
    const publisher = await application(`publisher-groups-${run}`);
    publisher.publish(`groups-${run}/x`, 'backlog', { qos: 1, messageId: 1 });
    expect(((await publisher.next('puback')) as mqttPacket.IPubackPacket).reasonCode ?? 0).toBe(0);
    const first = await application(`first-groups-${run}`);
    expect(await subscribeAll(first, [`$share/a-${run}/${filter}`, `$share/b-${run}/${filter}`], 1)).toEqual([1, 1]);
    await expect.poll(() => first.received.filter((packet) => packet.cmd === 'publish').length).toBe(2);
    first.disconnect();
    expect(await first.waitClosed()).toBe(true);
    // Both groups committed what their member acknowledged: Kafka keeps them, with nobody in them.
    const groupIds = [...(await groupsOf(`a-${run}`)), ...(await groupsOf(`b-${run}`))];
    expect(groupIds).toHaveLength(2);
    await expect
      .poll(async () => (await admin.listConsumerGroupOffsets({ groups: groupIds })).every((group) => group.topics.some((topic) => topic.partitions.some((partition) => partition.committedOffset >= 1n))))
      .toBe(true);

    const second = await application(`second-groups-${run}`);
    expect(await subscribeAll(second, [`$share/c-${run}/${filter}`], 1)).toEqual([0x97]);
    expect(await groupsOf(`c-${run}`)).toEqual([]);
    // A share name whose group is there already is no new group.
    expect(await subscribeAll(second, [`$share/a-${run}/${filter}`], 2)).toEqual([1]);
  });
});
