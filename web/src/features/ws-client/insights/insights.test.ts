import { describe, expect, it } from 'vitest';
import type { WsMessage } from '../messages/ws-message';
import { numericField } from './json-field';
import { RequestTracker } from './request-response';
import { TopicTree } from './topic-tree';

const utf8 = new TextEncoder();

function message(topic: string, overrides: Partial<WsMessage> = {}): WsMessage {
  return { seq: 0, time: 1000, direction: 'RECEIVED', topic, qos: 0, retain: false, payload: utf8.encode('1'), properties: undefined, color: undefined, ...overrides };
}

describe('the topic tree', () => {
  it('counts messages per level and keeps each topic\'s latest, telling listeners once per frame', () => {
    const frames: (() => void)[] = [];
    const tree = new TopicTree({ scheduleFrame: (callback) => frames.push(callback) });
    let calls = 0;
    tree.subscribe(() => (calls += 1));
    tree.record(message('plant/1/temperature'));
    tree.record(message('plant/1/temperature', { retain: true }));
    tree.record(message('plant/2'));
    const plant = tree.root.children.get('plant');
    expect(plant?.messageCount).toBe(3);
    expect(plant?.children.get('1')?.messageCount).toBe(2);
    expect(plant?.children.get('1')?.children.get('temperature')).toMatchObject({ topic: 'plant/1/temperature', messageCount: 2, last: { retain: true } });
    expect(tree.topicCount).toBe(2);
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((callback) => callback());
    expect(calls).toBe(1);
  });

  it('takes no more topics than its cap and says how many messages it left out', () => {
    const tree = new TopicTree({ maxTopics: 2, scheduleFrame: () => undefined });
    ['a', 'b', 'c', 'a', 'd'].forEach((topic) => tree.record(message(topic)));
    expect(tree.topicCount).toBe(2);
    expect(tree.root.messageCount).toBe(3);
    expect(tree.capped).toEqual({ topics: 2, uncountedMessages: 2 });
    tree.clear();
    expect(tree.capped).toBeUndefined();
  });
});

describe('request/response matching', () => {
  it('answers a request with the first reply on its response topic carrying the same correlation data', () => {
    const tracker = new RequestTracker();
    expect(tracker.waiting).toBe(false);
    tracker.track({ correlationData: 'r-1', requestTopic: 'req', responseTopic: 'res', sentAt: 1000 });
    tracker.track({ correlationData: 'r-2', requestTopic: 'req', responseTopic: 'res', sentAt: 1100 });
    expect(tracker.waiting).toBe(true);
    expect(tracker.consider(message('res', { time: 1300, properties: { correlationData: utf8.encode('r-3') } }))).toBe(false);
    expect(tracker.consider(message('other', { time: 1300, properties: { correlationData: utf8.encode('r-1') } }))).toBe(false);
    expect(tracker.consider(message('res', { time: 1300, direction: 'PUBLISHED', properties: { correlationData: utf8.encode('r-1') } }))).toBe(false);
    const reply = message('res', { time: 1250, properties: { correlationData: utf8.encode('r-1') } });
    expect(tracker.consider(reply)).toBe(true);
    expect(tracker.list.map((request) => [request.correlationData, request.reply?.roundTripMs])).toEqual([
      ['r-2', undefined],
      ['r-1', 250],
    ]);
    expect(tracker.list[1]?.reply?.message).toBe(reply);
    expect(tracker.consider(message('res', { time: 1400, properties: { correlationData: utf8.encode('r-1') } }))).toBe(false);
  });
});

describe('a numeric field of a JSON payload', () => {
  it('is found by a dotted path, numbers and numeric text only', () => {
    expect(numericField(utf8.encode('{"temperature":21.5}'), 'temperature')).toBe(21.5);
    expect(numericField(utf8.encode('{"a":{"b":[1,{"c":"7"}]}}'), 'a.b.1.c')).toBe(7);
    expect(numericField(utf8.encode('{"a":{"b":"warm"}}'), 'a.b')).toBeUndefined();
    expect(numericField(utf8.encode('not json'), 'a')).toBeUndefined();
    expect(numericField(utf8.encode('42'), '')).toBe(42);
  });
});
