import type { Client } from 'aedes';
import type { IPublishPacket } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { ConnectionFlow, type ClientLimits, type OutgoingPublish } from '../../../src/mqtt/flow/connection-flow.js';
import { OutgoingTopicAliases } from '../../../src/mqtt/flow/outgoing-topic-aliases.js';

const client = { id: 'c1' } as Client;

function flowWith(limits: Partial<ClientLimits>, maxHeldMessages = 100, maxHeldBytes = Number.MAX_SAFE_INTEGER) {
  const sent: IPublishPacket[] = [];
  const discarded: OutgoingPublish[] = [];
  const reportedSent: (number | undefined)[] = [];
  const flow = new ConnectionFlow(
    client,
    { receiveMaximum: 65535, maximumPacketSize: undefined, topicAliasMaximum: 0, ...limits },
    (_client, packet, done) => {
      sent.push(packet as IPublishPacket);
      done();
    },
    { maxHeldMessages, maxHeldBytes, onDiscarded: (_client, packet) => discarded.push(packet), onSent: (_client, packet) => reportedSent.push(packet.messageId) },
  );
  return { flow, sent, discarded, reportedSent };
}

let nextId = 1;
function message(topic: string, options: Partial<OutgoingPublish> = {}): OutgoingPublish {
  const messageId = nextId++;
  return { cmd: 'publish', topic, payload: Buffer.from(`p${messageId}`), qos: 1, retain: false, dup: false, messageId, ...options } as OutgoingPublish;
}
const done = () => undefined;

describe('connection flow towards one client (MQTT 5 section 4.9)', () => {
  it('sends at most Receive Maximum QoS 1/2 messages before acknowledgements, the rest in order as places free', () => {
    const { flow, sent, reportedSent } = flowWith({ receiveMaximum: 2 });
    const messages = ['a', 'b', 'c', 'd'].map((topic) => message(topic));
    for (const each of messages) flow.publish(each, done);
    expect(sent.map((packet) => packet.topic)).toEqual(['a', 'b']);
    // Held messages are not reported sent: resent later they are still first deliveries (DUP 0).
    expect(reportedSent).toEqual(messages.slice(0, 2).map((each) => each.messageId));
    flow.completed(messages[1]?.messageId as number);
    expect(sent.map((packet) => packet.topic)).toEqual(['a', 'b', 'c']);
    expect(reportedSent).toEqual(messages.slice(0, 3).map((each) => each.messageId));
    flow.completed(999);
    expect(sent).toHaveLength(3);
    flow.completed(messages[0]?.messageId as number);
    expect(sent.map((packet) => packet.topic)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets QoS 0 messages and resends of a message in flight through whatever is in flight', () => {
    const { flow, sent } = flowWith({ receiveMaximum: 1 });
    const first = message('first');
    flow.publish(first, done);
    flow.publish(message('zero', { qos: 0 }), done);
    flow.publish({ ...first, dup: true }, done);
    expect(sent.map((packet) => [packet.topic, packet.dup])).toEqual([
      ['first', false],
      ['zero', false],
      ['first', true],
    ]);
  });

  it('counts a QoS 2 message in flight from its PUBREL until PUBCOMP', () => {
    const { flow, sent } = flowWith({ receiveMaximum: 1 });
    flow.releasing(42);
    flow.publish(message('waits'), done);
    expect(sent).toEqual([]);
    flow.completed(42);
    expect(sent.map((packet) => packet.topic)).toEqual(['waits']);
  });

  it('drops and reports what no place will be found for once the waiting line is full', () => {
    const { flow, sent, discarded } = flowWith({ receiveMaximum: 1 }, 1);
    for (const topic of ['sent', 'waiting', 'dropped']) flow.publish(message(topic), done);
    expect(sent.map((packet) => packet.topic)).toEqual(['sent']);
    expect(discarded.map((packet) => packet.topic)).toEqual(['dropped']);
  });

  it('holds waiting messages to a byte bound too, their properties counted; one larger than it may still wait alone', () => {
    const { flow, sent, discarded } = flowWith({ receiveMaximum: 1 }, 100, 1000);
    const big = (topic: string, bytes: number, options: Partial<OutgoingPublish> = {}) => message(topic, { payload: Buffer.alloc(bytes), ...options });
    // 'sent' goes out; then 1 + 600 and 1 + 300 wait (902 bytes), the next 1 + 100 would pass 1000.
    for (const each of [big('s', 10), big('a', 600), big('b', 300), big('c', 100)]) flow.publish(each, done);
    expect(discarded.map((packet) => packet.topic)).toEqual(['c']);
    // An empty payload with a large user property is no lighter.
    flow.publish(big('d', 0, { properties: { userProperties: { k: 'v'.repeat(200) } } }), done);
    expect(discarded.map((packet) => packet.topic)).toEqual(['c', 'd']);
    // As places free, the waiting ones go out and their bytes with them: then a message of 2,000 bytes waits alone.
    flow.completed(sent[0]?.messageId as number);
    flow.completed(sent[1]?.messageId as number);
    flow.publish(big('e', 2000), done);
    flow.publish(big('f', 1), done);
    expect(sent.map((packet) => packet.topic)).toEqual(['s', 'a', 'b']);
    expect(discarded.map((packet) => packet.topic)).toEqual(['c', 'd', 'f']);
    flow.completed(sent[2]?.messageId as number);
    expect(sent.map((packet) => packet.topic)).toEqual(['s', 'a', 'b', 'e']);
  });

  it('never sends a packet above the client\'s Maximum Packet Size, and frees its place', () => {
    const { flow, sent, discarded } = flowWith({ receiveMaximum: 1, maximumPacketSize: 100 });
    flow.publish(message('big', { payload: Buffer.alloc(200) }), done);
    flow.publish(message('small'), done);
    expect(discarded.map((packet) => packet.topic)).toEqual(['big']);
    expect(sent.map((packet) => packet.topic)).toEqual(['small']);
  });

  it('sends the Message Expiry Interval that is left, rounded up, and drops an expired message', () => {
    const { flow, sent, discarded } = flowWith({});
    const original = message('fresh', { qos: 0, properties: { messageExpiryInterval: 60 }, messageExpiry: Date.now() + 30_500 });
    flow.publish(original, done);
    flow.publish(message('stale', { qos: 0, messageExpiry: Date.now() - 1 }), done);
    expect(sent.map((packet) => [packet.topic, packet.properties?.messageExpiryInterval])).toEqual([['fresh', 31]]);
    expect(original.properties?.messageExpiryInterval).toBe(60);
    expect(discarded.map((packet) => packet.topic)).toEqual(['stale']);
  });

  it('introduces a topic with an alias, then sends the alias alone, without touching the shared packet', () => {
    const { flow, sent } = flowWith({ topicAliasMaximum: 5 });
    const shared = message('plant/line-4/temperature', { qos: 0 });
    flow.publish(shared, done);
    flow.publish(shared, done);
    expect(sent.map((packet) => [packet.topic, packet.properties?.topicAlias])).toEqual([
      ['plant/line-4/temperature', 1],
      ['', 1],
    ]);
    expect(shared.topic).toBe('plant/line-4/temperature');
    expect(shared.properties).toBeUndefined();
  });
});

describe('outgoing topic aliases', () => {
  it('gives the least recently used alias to a new topic once all are taken', () => {
    const aliases = new OutgoingTopicAliases(2);
    for (const topic of ['a', 'b']) aliases.assign(topic, aliases.candidate());
    expect(aliases.known('a')).toBe(1);
    const next = aliases.candidate();
    expect(next).toBe(2);
    aliases.assign('c', next);
    expect([aliases.known('a'), aliases.known('b'), aliases.known('c')]).toEqual([1, undefined, 2]);
  });
});
