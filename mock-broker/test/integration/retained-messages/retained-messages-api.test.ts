import type { IClientPublishOptions } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RetainedBranch } from '../../../src/retained-messages/retained-branches.js';
import type { RetainedMessageDetails, RetainedMessageInfo } from '../../../src/retained-messages/retained-message-views.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { pause } from '../../support/mqtt/mqtt-clients.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();

interface Page<T> {
  data: T[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

let api: ApiClient;
beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

async function call<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const answer = await api.call<T>(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const list = (query: string) => call<Page<RetainedMessageInfo>>('GET', `/api/retained-msg/v2?${query}`);
const topics = async (query: string) => (await list(`pageSize=100&page=0&sortProperty=topic&sortOrder=ASC&${query}`)).data.map((row) => row.topic);
const branches = (query: string) => call<Page<RetainedBranch>>('GET', `/api/retained-msg/tree?pageSize=100&page=0&${query}`);
const encoded = (text: string) => encodeURIComponent(text);

/** Publishes retained messages with a real MQTT 5 client and waits until the broker holds them all. */
async function retain(messages: [topic: string, payload: string | Buffer, options?: IClientPublishOptions][]): Promise<void> {
  const publisher = await suite.clients.connect({ protocolVersion: 5 });
  for (const [topic, payload, options] of messages) await publisher.publishAsync(topic, payload, { qos: 1, ...options, retain: true });
  await publisher.endAsync();
  await eventually(() => {
    for (const [topic] of messages) expect(suite.node.mqtt.broker.persistence.retainedMessages.get(topic)).toBeDefined();
  });
}

/** The retained messages a brand-new subscriber to the filter receives, by topic. */
async function deliveredTo(topicFilter: string): Promise<string[]> {
  const subscriber = await suite.clients.connect({ protocolVersion: 5 });
  const received: string[] = [];
  subscriber.on('message', (topic, _payload, packet) => {
    if (packet.retain) received.push(topic);
  });
  await subscriber.subscribeAsync(topicFilter, { qos: 1 });
  await pause(300);
  await subscriber.endAsync();
  return received.sort();
}

describe('retained messages list (GET /api/retained-msg/v2)', () => {
  let between = 0;
  beforeAll(async () => {
    await retain([
      ['plant/1/temperature', '21.5', { properties: { contentType: 'text/plain', payloadFormatIndicator: true, userProperties: { unit: 'C', sensor: ['a', 'b'] } } }],
      ['plant/2/temperature', '{"value":19}', { qos: 0 }],
      ['plant/2/humidity', '40', { qos: 2 }],
    ]);
    await pause(20);
    between = Date.now();
    await pause(20);
    await retain([
      ['office/temperature', Buffer.from([0, 1, 2, 255]), { properties: { payloadFormatIndicator: false } }],
      ['office/door', 'OPEN', { qos: 0, properties: { messageExpiryInterval: 3600 } }],
    ]);
  });

  it("shows each message with the production broker's fields and Starling's own", async () => {
    const page = await list(`pageSize=10&page=0&textSearch=plant/1/`);
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1, hasNext: false });
    const [row] = page.data;
    expect(row).toMatchObject({
      topic: 'plant/1/temperature',
      payload: '21.5',
      qos: 1,
      userProperties: {
        props: [
          { k: 'unit', v: 'C' },
          { k: 'sensor', v: 'a' },
          { k: 'sensor', v: 'b' },
        ],
      },
      payloadPreview: Buffer.from('21.5').toString('base64'),
      payloadSize: 4,
      payloadFormatIndicator: 1,
      contentType: 'text/plain',
    });
    expect(row?.createdTime).toBeLessThan(between);
    const office = (await list('pageSize=10&page=0&textSearch=office/temperature')).data[0];
    // The text as the production broker reads it: bytes that are not UTF-8 become U+FFFD.
    expect(office).toMatchObject({ payload: '\u0000\u0001\u0002\ufffd', userProperties: null, payloadPreview: 'AAEC/w==', payloadSize: 4, payloadFormatIndicator: 0, contentType: null });
  });

  it.each([
    ['textSearch=TEMPERATURE', ['office/temperature', 'plant/1/temperature', 'plant/2/temperature']],
    ['topicName=PLANT/2', ['plant/2/humidity', 'plant/2/temperature']],
    [`topicFilter=${encoded('plant/+/temperature')}`, ['plant/1/temperature', 'plant/2/temperature']],
    [`topicFilter=${encoded('plant/#')}`, ['plant/1/temperature', 'plant/2/humidity', 'plant/2/temperature']],
    [`topicFilter=${encoded('+/door')}`, ['office/door']],
    ['qosList=0,2', ['office/door', 'plant/2/humidity', 'plant/2/temperature']],
    ['qosList=1', ['office/temperature', 'plant/1/temperature']],
    ['payload=open', ['office/door']],
    ['payload=%22VALUE%22', ['plant/2/temperature']],
    [`topicFilter=${encoded('plant/#')}&qosList=0,1&textSearch=temp`, ['plant/1/temperature', 'plant/2/temperature']],
  ])('filters by %s', async (query, expected) => {
    expect(await topics(query)).toEqual(expected);
  });

  it('filters by the time a message was stored', async () => {
    expect(await topics(`endTime=${between}`)).toEqual(['plant/1/temperature', 'plant/2/humidity', 'plant/2/temperature']);
    expect(await topics(`startTime=${between}`)).toEqual(['office/door', 'office/temperature']);
    expect(await topics(`startTime=${between}&endTime=${between}`)).toEqual([]);
  });

  it('refuses a topic filter a subscriber could not use, naming the parameter', async () => {
    // A malformed filter is an invalid argument (30); a shared one the contract's schema refuses itself (31).
    for (const [topicFilter, errorCode] of [
      ['plant/#/x', 30],
      ['pl+nt/#', 30],
      ['$share/group/plant/#', 31],
    ] as const) {
      const answer = await api.call<{ message: string; errorCode: number }>('GET', `/api/retained-msg/v2?pageSize=10&page=0&topicFilter=${encoded(topicFilter)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ errorCode });
      expect(answer.body.message).toContain('query.topicFilter');
    }
    expect((await api.call('GET', '/api/retained-msg/v2?pageSize=10&page=0&qosList=3')).status).toBe(400);
  });

  it.each([
    ['topic', ['office/door', 'office/temperature', 'plant/1/temperature', 'plant/2/humidity', 'plant/2/temperature']],
    ['qos', ['office/door', 'plant/2/temperature', 'office/temperature', 'plant/1/temperature', 'plant/2/humidity']],
    ['payload', ['office/temperature', 'plant/1/temperature', 'plant/2/humidity', 'office/door', 'plant/2/temperature']],
    ['payloadSize', ['plant/2/humidity', 'office/door', 'office/temperature', 'plant/1/temperature', 'plant/2/temperature']],
    ['userPropertiesCount', ['office/door', 'office/temperature', 'plant/2/humidity', 'plant/2/temperature', 'plant/1/temperature']],
  ])('sorts by %s, ties by topic, both ways', async (property, ascending) => {
    const sorted = async (order: string) => (await list(`pageSize=100&page=0&sortProperty=${property}&sortOrder=${order}`)).data.map((row) => row.topic);
    expect(await sorted('ASC')).toEqual(ascending);
    expect(await sorted('DESC')).toEqual([...ascending].reverse());
  });

  it('sorts by the time each message was stored, newest first by default', async () => {
    const newest = (await list('pageSize=100&page=0')).data;
    expect(newest.map((row) => row.createdTime)).toEqual([...newest.map((row) => row.createdTime)].sort((a, b) => b - a));
    expect(newest.slice(0, 2).map((row) => row.topic).sort()).toEqual(['office/door', 'office/temperature']);
    const oldest = (await list('pageSize=100&page=0&sortProperty=createdTime&sortOrder=ASC')).data;
    expect(oldest.slice(3).map((row) => row.topic).sort()).toEqual(['office/door', 'office/temperature']);
  });

  it('pages through the matches without overlap', async () => {
    const first = await list('pageSize=2&page=0&sortProperty=topic&sortOrder=ASC');
    const last = await list('pageSize=2&page=2&sortProperty=topic&sortOrder=ASC');
    expect(first).toMatchObject({ totalElements: 5, totalPages: 3, hasNext: true });
    expect(first.data.map((row) => row.topic)).toEqual(['office/door', 'office/temperature']);
    expect(last).toMatchObject({ hasNext: false, data: [{ topic: 'plant/2/temperature' }] });
  });
});

describe('one retained message (GET /api/retained-msg)', () => {
  it('reads the whole payload and the MQTT 5 properties it was published with', async () => {
    const payload = Buffer.concat([Buffer.from('{"reading":'), Buffer.alloc(200, 0x37), Buffer.from('}')]);
    await retain([
      [
        'details/meter',
        payload,
        {
          properties: {
            payloadFormatIndicator: true,
            contentType: 'application/json',
            messageExpiryInterval: 600,
            responseTopic: 'details/meter/reply',
            correlationData: Buffer.from([9, 8, 7]),
            userProperties: { site: 'north', tag: ['x', 'y'] },
          },
        },
      ],
    ]);
    const details = await call<RetainedMessageDetails>('GET', `/api/retained-msg?topicName=${encoded('details/meter')}`);
    expect(details).toMatchObject({
      topic: 'details/meter',
      qos: 1,
      payload: payload.toString('utf8'),
      payloadBase64: payload.toString('base64'),
      payloadSize: payload.length,
      payloadPreview: payload.subarray(0, 96).toString('base64'),
      payloadFormatIndicator: 1,
      contentType: 'application/json',
      messageExpiryInterval: 600,
      responseTopic: 'details/meter/reply',
      correlationData: Buffer.from([9, 8, 7]).toString('base64'),
      userProperties: {
        props: [
          { k: 'site', v: 'north' },
          { k: 'tag', v: 'x' },
          { k: 'tag', v: 'y' },
        ],
      },
    });
    expect(details.expiryTime).toBeGreaterThan(Date.now() + 590_000);
    expect(details.expiryTime).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('answers the newer message, with the time it was stored, when one replaces another', async () => {
    await retain([['details/replaced', 'first']]);
    const first = await call<RetainedMessageDetails>('GET', '/api/retained-msg?topicName=details/replaced');
    await pause(10);
    await retain([['details/replaced', 'second', { qos: 2 }]]);
    await eventually(async () => expect((await call<RetainedMessageDetails>('GET', '/api/retained-msg?topicName=details/replaced')).qos).toBe(2));
    const second = await call<RetainedMessageDetails>('GET', '/api/retained-msg?topicName=details/replaced');
    expect(second).toMatchObject({ payload: 'second', payloadBase64: Buffer.from('second').toString('base64'), userProperties: null, messageExpiryInterval: null, expiryTime: null });
    expect(second.createdTime).toBeGreaterThan(first.createdTime);
  });

  it('answers 404 for a topic without a retained message', async () => {
    const answer = await api.call<{ errorCode: number }>('GET', '/api/retained-msg?topicName=details/none');
    expect(answer).toMatchObject({ status: 404, body: { errorCode: 32 } });
  });
});

describe('deleting retained messages: new subscribers no longer receive them', () => {
  it('deletes one (DELETE /api/retained-msg)', async () => {
    await retain([
      ['gone/one/a', 'a'],
      ['gone/one/b', 'b'],
    ]);
    expect(await deliveredTo('gone/one/#')).toEqual(['gone/one/a', 'gone/one/b']);
    await call('DELETE', '/api/retained-msg?topicName=gone/one/a');
    expect(await deliveredTo('gone/one/#')).toEqual(['gone/one/b']);
    expect(await topics(`topicFilter=${encoded('gone/one/#')}`)).toEqual(['gone/one/b']);
    expect((await api.call('DELETE', '/api/retained-msg?topicName=gone/one/a')).status).toBe(404);
  });

  it('deletes a selection (POST /api/retained-msg/delete)', async () => {
    await retain([
      ['gone/picked/a', 'a'],
      ['gone/picked/b', 'b'],
      ['gone/picked/c', 'c'],
    ]);
    const result = await call('POST', '/api/retained-msg/delete', { topicNames: ['gone/picked/a', 'gone/picked/c', 'gone/picked/none'] });
    expect(result).toEqual({ matchedCount: 2, deletedCount: 2 });
    expect(await deliveredTo('gone/picked/#')).toEqual(['gone/picked/b']);
  });

  it('deletes everything a filter matches (POST /api/v2/retained-msg/delete)', async () => {
    await retain([
      ['gone/filtered/1/state', 'on', { qos: 0 }],
      ['gone/filtered/2/state', 'off', { qos: 0 }],
      ['gone/filtered/3/state', 'on', { qos: 1 }],
      ['gone/filtered/3/config', 'on', { qos: 0 }],
    ]);
    const result = await call('POST', `/api/v2/retained-msg/delete?topicFilter=${encoded('gone/filtered/+/state')}&qosList=0&payload=on`);
    expect(result).toEqual({ matchedCount: 1, deletedCount: 1 });
    expect(await deliveredTo('gone/filtered/#')).toEqual(['gone/filtered/2/state', 'gone/filtered/3/config', 'gone/filtered/3/state']);
  });

  it('deletes a branch of the retained tree (the filter {branch}/#)', async () => {
    await retain([
      ['gone/branch', 'root of the branch'],
      ['gone/branch/x/1', 'x1'],
      ['gone/branch/x/2', 'x2'],
      ['gone/branchless', 'kept'],
    ]);
    const [summary] = (await branches(`branch=gone`)).data.filter((branch) => branch.name === 'branch');
    expect(summary).toMatchObject({ retainedCount: 3, hasMessage: true, hasChildren: true });
    const result = await call('POST', `/api/v2/retained-msg/delete?topicFilter=${encoded('gone/branch/#')}`);
    expect(result).toEqual({ matchedCount: 3, deletedCount: 3 });
    expect(await deliveredTo('gone/#')).not.toContain('gone/branch');
    expect(await deliveredTo('gone/branch/#')).toEqual([]);
    expect(await deliveredTo('gone/branchless')).toEqual(['gone/branchless']);
    expect((await branches('branch=gone')).data.map((branch) => branch.name)).not.toContain('branch');
  });
});

describe('retained tree (GET /api/retained-msg/tree)', () => {
  let newest = 0;
  beforeAll(async () => {
    await retain([
      ['tree/a/1', '12345'],
      ['tree/a/2', '1'],
      ['tree/a/2/deep', '123'],
      ['tree/b', '12'],
      ['tree//empty-level', '1234567'],
    ]);
    newest = Math.max(...['tree/a/1', 'tree/a/2', 'tree/a/2/deep', 'tree/b', 'tree//empty-level'].map((topic) => suite.node.mqtt.broker.persistence.retainedMessages.get(topic)?.updatedTime ?? 0));
  });

  it('sums up each level below a branch: messages, payload bytes and the newest time', async () => {
    const top = (await branches('')).data.find((branch) => branch.name === 'tree');
    expect(top).toMatchObject({ topic: 'tree', retainedCount: 5, payloadSize: 18, newestTime: newest, hasMessage: false, hasChildren: true });
    const level = await branches('branch=tree');
    expect(level.data).toEqual([
      { name: '', topic: 'tree/', retainedCount: 1, payloadSize: 7, newestTime: expect.any(Number), hasMessage: false, hasChildren: true },
      { name: 'a', topic: 'tree/a', retainedCount: 3, payloadSize: 9, newestTime: expect.any(Number), hasMessage: false, hasChildren: true },
      { name: 'b', topic: 'tree/b', retainedCount: 1, payloadSize: 2, newestTime: expect.any(Number), hasMessage: true, hasChildren: false },
    ]);
    expect((await branches('branch=tree/a')).data.map(({ name, retainedCount, hasMessage, hasChildren }) => [name, retainedCount, hasMessage, hasChildren])).toEqual([
      ['1', 1, true, false],
      ['2', 2, true, true],
    ]);
    expect((await branches(`branch=${encoded('tree/')}`)).data.map((branch) => branch.topic)).toEqual(['tree//empty-level']);
  });

  it('sorts and pages a level', async () => {
    const bySize = await call<Page<RetainedBranch>>('GET', '/api/retained-msg/tree?branch=tree&sortProperty=payloadSize&sortOrder=DESC&pageSize=2&page=0');
    expect(bySize).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(bySize.data.map((branch) => branch.name)).toEqual(['a', '']);
    const byCount = await call<Page<RetainedBranch>>('GET', '/api/retained-msg/tree?branch=tree&sortProperty=retainedCount&sortOrder=DESC&pageSize=1&page=0');
    expect(byCount.data.map((branch) => branch.name)).toEqual(['a']);
  });

  it('answers an empty page for a branch that holds nothing', async () => {
    expect(await branches('branch=tree/nothing')).toEqual({ data: [], totalElements: 0, totalPages: 0, hasNext: false });
  });

  it('follows deletes: counts, bytes and the newest time come down', async () => {
    await call('DELETE', '/api/retained-msg?topicName=tree/a/2/deep');
    const a = (await branches('branch=tree')).data.find((branch) => branch.name === 'a');
    expect(a).toMatchObject({ retainedCount: 2, payloadSize: 6 });
    expect((await branches('branch=tree/a')).data.find((branch) => branch.name === '2')).toMatchObject({ hasChildren: false, retainedCount: 1 });
  });
});
