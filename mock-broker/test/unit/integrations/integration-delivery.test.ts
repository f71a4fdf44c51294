import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeHeader, targetSettings, type HttpSettings } from '../../../src/integrations/client-settings.js';
import { Backlog } from '../../../src/integrations/delivery/backlog.js';
import type { BacklogEntry, CapturedMessage } from '../../../src/integrations/delivery/captured-message.js';
import { Deliverer, noDeliveries, PartialDelivery, type DeliveryListener, type Target } from '../../../src/integrations/delivery/deliverer.js';
import { HttpTarget } from '../../../src/integrations/targets/http-target.js';
import { EventStore } from '../../../src/integrations/events/event-store.js';
import { WriteBehind } from '../../../src/mqtt/persistence/write-behind.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';
import { eventually } from '../../support/checks/waits.js';

// The delivery rules of integrations (issue 28) with a target scripted by the test: the order a
// target sees, what stays after a failure, the backoff and the byte bound of the backlog. The
// real targets are exercised in test/integration/integrations/integrations-*.test.ts and test/kafka.

const opened: { destroy(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const each of opened.splice(0).reverse()) await each.destroy();
});

function message(topic: string, text: string): CapturedMessage {
  return { topic, qos: 1, retain: false, clientId: 'meter', ts: 1, payload: Buffer.from(text) };
}

/** A target that records what it is sent and answers as the test says, one call at a time. */
class ScriptedTarget implements Target {
  readonly sent: string[] = [];
  readonly calls: string[][] = [];
  /** Payloads refused (the call fails at the first of them). */
  refuse = new Set<string>();
  inFlight = 0;
  maxSeenInFlight = 0;

  constructor(
    readonly mode: 'in-order' | 'per-topic',
    readonly maxInFlight: number,
  ) {}

  async start(): Promise<void> {}

  async send(entries: BacklogEntry[]): Promise<void> {
    this.inFlight += 1;
    this.maxSeenInFlight = Math.max(this.maxSeenInFlight, this.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    const texts = entries.map((entry) => entry.payload.toString());
    this.calls.push(texts);
    const refused = texts.findIndex((text) => this.refuse.has(text));
    if (refused === -1) {
      this.sent.push(...texts);
      return;
    }
    this.sent.push(...texts.slice(0, refused));
    throw new PartialDelivery(refused, `refused ${texts[refused]}`);
  }

  async close(): Promise<void> {}
}

/** A listener for deliverers whose events a test does not look at. */
const quiet: DeliveryListener = { started: () => undefined, startFailed: () => undefined, attemptFailed: () => undefined, dropped: () => undefined };

function setUp(target: Target, maxBytes = 1 << 20, stopGraceMs?: number) {
  const temporary = openTemporaryDatabase();
  opened.push(temporary);
  const journal = new WriteBehind(temporary.database, { flushIntervalMs: 5, onFlushError: (error) => expect.fail(String(error)) });
  const backlog = new Backlog('integration-1', journal, maxBytes);
  const failures: string[] = [];
  let dropped = 0;
  const listener: DeliveryListener = { started: () => undefined, startFailed: (error) => failures.push(error), attemptFailed: (error) => failures.push(error), dropped: () => (dropped += 1) };
  const deliverer = new Deliverer({ backlog, target, retry: { minMs: 10, maxMs: 40 }, listener, totals: noDeliveries(), stopGraceMs });
  opened.push({
    destroy: async () => {
      await deliverer.stop();
      journal.close();
    },
  });
  return { deliverer, backlog, journal, failures, dropped: () => dropped, database: temporary.database };
}

describe('an in-order target (MQTT, Kafka)', () => {
  it('gets batches in publish order, and after a refusal gets the refused message and those after it again, in order', async () => {
    const target = new ScriptedTarget('in-order', 3);
    const { deliverer, failures } = setUp(target);
    target.refuse.add('a3');
    deliverer.start();
    for (let index = 1; index <= 7; index++) deliverer.accept(message(index % 2 ? 'a' : 'b', `a${index}`));
    await eventually(() => expect(failures.length).toBeGreaterThan(0));
    target.refuse.clear();
    await eventually(() => expect(target.sent).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']));
    expect(target.calls.every((call) => call.length <= 3)).toBe(true);
    expect(deliverer.view()).toMatchObject({ state: 'IDLE', sent: 7, backlogMessages: 0, retried: expect.any(Number) });
    expect(deliverer.view().retried).toBeGreaterThanOrEqual(1);
    expect(failures[0]).toBe('refused a3');
  });
});

describe('a per-topic target (HTTP)', () => {
  it('runs topics in parallel, never two messages of one topic at once, each topic in order', async () => {
    const target = new ScriptedTarget('per-topic', 4);
    const { deliverer } = setUp(target);
    deliverer.start();
    for (let index = 0; index < 40; index++) deliverer.accept(message(`t${index % 4}`, `t${index % 4}-${index}`));
    await eventually(() => expect(target.sent).toHaveLength(40));
    for (let topic = 0; topic < 4; topic++) {
      const ofTopic = target.sent.filter((text) => text.startsWith(`t${topic}-`)).map((text) => Number(text.split('-')[1]));
      expect(ofTopic).toEqual([...ofTopic].sort((a, b) => a - b));
    }
    expect(target.maxSeenInFlight).toBeGreaterThan(1);
    expect(target.maxSeenInFlight).toBeLessThanOrEqual(4);
  });

  it('holds a refused topic back until its message is taken, while later messages of it wait', async () => {
    const target = new ScriptedTarget('per-topic', 2);
    const { deliverer } = setUp(target);
    target.refuse.add('x1');
    deliverer.start();
    deliverer.accept(message('x', 'x1'));
    deliverer.accept(message('x', 'x2'));
    await eventually(() => expect(deliverer.view().state).toBe('RETRYING'));
    expect(target.sent).not.toContain('x2');
    target.refuse.clear();
    await eventually(() => expect(target.sent).toEqual(['x1', 'x2']));
  });
});

describe('a stop (restart, saved change, node shutdown)', () => {
  /** A web service that holds every POST's answer until the test lets it go; `bodies` is what it took. */
  async function holdingService() {
    const bodies: string[] = [];
    const held: ServerResponse[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString());
        held.push(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ destroy: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) });
    const target = new HttpTarget(targetSettings('HTTP', { restEndpointUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, sendOnlyMsgPayload: true }) as HttpSettings, { nodeId: 'n', metadata: {} });
    const answerAll = () => held.splice(0).forEach((response) => response.writeHead(200).end());
    return { bodies, held, target, answerAll };
  }

  it('lets a request the service took finish, so the next deliverer does not send it again', async () => {
    const service = await holdingService();
    const { deliverer, backlog } = setUp(service.target);
    deliverer.start();
    deliverer.accept(message('s', 'taken'));
    await eventually(() => expect(service.held).toHaveLength(1));
    const stopped = deliverer.stop();
    // The answer comes after the stop began: the message counts as delivered.
    service.answerAll();
    await stopped;
    expect(backlog.messages).toBe(0);
    expect(deliverer.view().sent).toBe(1);

    const next = await holdingService();
    const again = new Deliverer({ backlog, target: next.target, retry: { minMs: 10, maxMs: 40 }, listener: quiet, totals: noDeliveries() });
    again.start();
    again.accept(message('s', 'later'));
    await eventually(() => expect(next.held).toHaveLength(1));
    next.answerAll();
    await again.stop();
    expect(service.bodies).toEqual(['taken']);
    expect(next.bodies).toEqual(['later']);
  });

  it('gives a service that does not answer only the grace period, and keeps its message for the next deliverer', async () => {
    const service = await holdingService();
    const { deliverer, backlog } = setUp(service.target, 1 << 20, 50);
    deliverer.start();
    deliverer.accept(message('s', 'unanswered'));
    await eventually(() => expect(service.held).toHaveLength(1));
    await deliverer.stop();
    expect(deliverer.view()).toMatchObject({ state: 'STOPPED', sent: 0, backlogMessages: 1 });
    expect([...backlog.values()].map((entry) => entry.payload.toString())).toEqual(['unanswered']);
  });
});

describe('the backlog', () => {
  it('refuses what would pass its byte bound, counts it dropped, and takes messages again once delivery frees room', async () => {
    const target = new ScriptedTarget('in-order', 10);
    target.refuse.add('m0');
    const { deliverer, dropped, failures } = setUp(target, 1000);
    deliverer.start();
    let accepted = 0;
    for (let index = 0; index < 20; index++) if (deliverer.accept(message('m', `m${index}`))) accepted += 1;
    expect(accepted).toBeLessThan(20);
    expect(dropped()).toBe(20 - accepted);
    expect(deliverer.view()).toMatchObject({ dropped: 20 - accepted, backlogMessages: accepted });
    expect(deliverer.view().backlogBytes).toBeLessThanOrEqual(1000);
    await eventually(() => expect(failures.length).toBeGreaterThan(0));
    target.refuse.clear();
    await eventually(() => expect(deliverer.view().backlogMessages).toBe(0));
    expect(deliverer.accept(message('m', 'later'))).toBe(true);
  });

  it('counts every field it keeps against the byte bound: a content type or user properties cannot carry what the payload does not', async () => {
    const target = new ScriptedTarget('in-order', 10);
    target.refuse.add('tiny');
    const { deliverer } = setUp(target, 4500);
    deliverer.start();
    // Each message: 4 bytes of payload, but 2,000 bytes of content type, or of user properties in two-byte characters.
    const typed = { ...message('m', 'tiny'), contentType: 'x'.repeat(2000) };
    const noted = { ...message('m', 'tiny'), userProperties: { note: 'é'.repeat(1000) } };
    expect([deliverer.accept(typed), deliverer.accept(typed), deliverer.accept(noted)]).toEqual([true, true, false]);
    expect(deliverer.view().backlogBytes).toBeGreaterThan(4000);
  });

  it('is restored from SQLite in order, without what was delivered', async () => {
    const target = new ScriptedTarget('in-order', 2);
    const { deliverer, journal, database } = setUp(target);
    target.refuse.add('r3');
    deliverer.start();
    for (let index = 1; index <= 5; index++) deliverer.accept(message('r', `r${index}`));
    await eventually(() => expect(target.sent).toEqual(['r1', 'r2']));
    await deliverer.stop();
    journal.close();
    const restored = new Backlog('integration-1', journal, 1 << 20);
    restored.restore(database);
    expect([...restored.values()].map((entry) => entry.payload.toString())).toEqual(['r3', 'r4', 'r5']);
  });
});

describe('client settings', () => {
  it('names the field a configuration gets wrong', () => {
    const problems: [Parameters<typeof targetSettings>, string][] = [
      [['HTTP', { restEndpointUrl: 'ftp://example.com' }], 'restEndpointUrl must be an http or https URL'],
      [['HTTP', { restEndpointUrl: 'http://x', headers: { 'bad header': 'v' } }], 'headers.bad header'],
      [['HTTP', { restEndpointUrl: 'http://x', maxInMemoryBufferSizeInKb: 0 }], 'maxInMemoryBufferSizeInKb'],
      [['MQTT', { host: 'h', port: 1883, clientId: 'c', topicName: '$SYS/x' }], 'topicName cannot start with $'],
      [['MQTT', { host: 'h', port: 1883, clientId: 'c', useMsgTopicName: true, mqttVersion: 6 }], 'mqttVersion'],
      [['MQTT', { host: 'h', port: 1883, clientId: 'c', useMsgTopicName: true, credentials: { type: 'basic' } }], 'credentials.username'],
      [['KAFKA', { bootstrapServers: 'k:9092', topic: 'bad topic' }], 'topic'],
      [['KAFKA', { bootstrapServers: 'k:9092', topic: 't', otherProperties: { 'ssl.truststore.type': 'PEM' } }], "without 'security.protocol'"],
    ];
    for (const [[type, values], expected] of problems) expect(() => targetSettings(type, values)).toThrow(expected);
  });

  it("takes the production broker's defaults for what is left out", () => {
    expect(targetSettings('HTTP', { restEndpointUrl: 'https://example.com/in' })).toMatchObject({ method: 'POST', payloadContentType: 'BINARY', sendBinaryOnParseFailure: true, maxResponseBytes: 256 * 1024 });
    expect(targetSettings('KAFKA', { bootstrapServers: 'a:1, b:2', topic: 't' })).toMatchObject({ bootstrapServers: ['a:1', 'b:2'], acks: '-1', compression: 'none', batchSize: 16_384 });
  });
});

describe('Kafka header values', () => {
  it('are written in the configured charset, as Java writes it', () => {
    expect(encodeHeader('Zürich', 'UTF-8')).toEqual(Buffer.from([0x5a, 0xc3, 0xbc, 0x72, 0x69, 0x63, 0x68]));
    expect(encodeHeader('Zürich', 'ISO-8859-1')).toEqual(Buffer.from([0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68]));
    expect(encodeHeader('Zürich', 'US-ASCII').toString('latin1')).toBe('Z?rich');
    expect(encodeHeader('A', 'UTF-16BE')).toEqual(Buffer.from([0x00, 0x41]));
    expect(encodeHeader('A', 'UTF-16LE')).toEqual(Buffer.from([0x41, 0x00]));
    expect(encodeHeader('A', 'UTF-16')).toEqual(Buffer.from([0xfe, 0xff, 0x00, 0x41]));
    expect(() => targetSettings('KAFKA', { bootstrapServers: 'k:1', topic: 't', kafkaHeadersCharset: 'EBCDIC' })).toThrow('kafkaHeadersCharset');
  });
});

describe('events', () => {
  it('keeps at most the configured number per integration and type, newest first', () => {
    const temporary = openTemporaryDatabase();
    opened.push(temporary);
    let now = 1000;
    const events = new EventStore(temporary.database, { ttlMs: 10_000, maxPerEntity: 60 }, () => now++);
    for (let index = 0; index < 150; index++) events.save('e1', 'ERROR', { server: 'n', method: 'onMsgProcess', error: `e${index}` });
    events.save('e2', 'ERROR', { server: 'n', method: 'onMsgProcess', error: 'other' });
    const page = events.page('e1', { eventType: 'ERROR' }, { pageSize: 1000, page: 0 });
    expect(page.totalElements).toBeLessThanOrEqual(60 + 50);
    expect(page.data[0]?.body.error).toBe('e149');
    expect(events.page('e2', { eventType: 'ERROR' }, { pageSize: 10, page: 0 }).totalElements).toBe(1);
    expect(events.page('e1', { eventType: 'ERROR', errorStr: 'E14' }, { pageSize: 100, page: 0 }).data.map((event) => event.body.error)).toEqual(
      ['e149', 'e148', 'e147', 'e146', 'e145', 'e144', 'e143', 'e142', 'e141', 'e140', 'e14'].filter((error) => page.data.some((event) => event.body.error === error)),
    );
    now += 20_000;
    expect(events.prune()).toBeGreaterThan(0);
    expect(events.page('e1', { eventType: 'ERROR' }, { pageSize: 10, page: 0 }).totalElements).toBe(0);
  });
});
