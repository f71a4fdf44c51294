import { describe, expect, it } from 'vitest';
import { jsonLinesOf } from './message-export';
import { NO_MESSAGE_FILTER } from './message-filter';
import { MessageStore } from './message-store';
import type { MessageDirection, WsMessage } from './ws-message';

const utf8 = new TextEncoder();

function message(topic: string, overrides: Partial<WsMessage> = {}): WsMessage {
  return { seq: -1, time: 0, direction: 'RECEIVED', topic, qos: 0, retain: false, payload: utf8.encode('x'), properties: undefined, color: undefined, ...overrides };
}

/** A store whose frames run when the test says so. */
function storeWithManualFrames(messagesToKeep?: number) {
  const frames: (() => void)[] = [];
  const store = new MessageStore({ messagesToKeep, scheduleFrame: (callback) => frames.push(callback) });
  const runFrame = () => frames.splice(0).forEach((callback) => callback());
  return { store, frames, runFrame };
}

const topics = (store: MessageStore, newestFirst = true) =>
  Array.from({ length: store.filteredCount }, (_, position) => store.filteredAt(position, newestFirst)?.topic);

describe('the message store', () => {
  it('keeps the newest messages up to its bound, numbering all in arrival order', () => {
    const { store } = storeWithManualFrames(100);
    for (let index = 0; index < 250; index += 1) store.append(message(`t/${index}`));
    expect(store.size).toBe(100);
    expect(store.range).toEqual({ first: 150, next: 250 });
    expect(store.get(149)).toBeUndefined();
    expect(store.get(150)?.topic).toBe('t/150');
    expect(store.filteredAt(0, true)?.topic).toBe('t/249');
    expect(store.filteredAt(0, false)?.topic).toBe('t/150');
    expect(store.filteredCount).toBe(100);
  });

  it('tells listeners once per frame however many messages arrive', () => {
    const { store, frames, runFrame } = storeWithManualFrames();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    for (let index = 0; index < 1000; index += 1) store.append(message('a'));
    expect(store.size).toBe(1000);
    expect(frames).toHaveLength(1);
    expect(calls).toBe(0);
    runFrame();
    expect(calls).toBe(1);
    store.append(message('b'));
    runFrame();
    expect(calls).toBe(2);
    expect(store.getVersion()).toBe(2);
  });

  it('applies the filter to messages as they arrive', () => {
    const { store } = storeWithManualFrames();
    store.append(message('sensors/1', { qos: 1 }));
    store.setFilter({ ...NO_MESSAGE_FILTER, topic: 'sensors/+', qosList: [1] });
    expect(topics(store)).toEqual(['sensors/1']);
    store.append(message('sensors/2', { qos: 1 }));
    store.append(message('sensors/3', { qos: 0 }));
    store.append(message('sensors/4/x', { qos: 1 }));
    expect(topics(store)).toEqual(['sensors/2', 'sensors/1']);
  });

  it('filters by direction, retain flag and topic text in any case', () => {
    const { store } = storeWithManualFrames();
    const directions: MessageDirection[] = ['RECEIVED', 'PUBLISHED'];
    directions.forEach((direction) => store.append(message(`Plant/${direction}`, { direction, retain: direction === 'PUBLISHED' })));
    store.setFilter({ ...NO_MESSAGE_FILTER, type: 'PUBLISHED' });
    expect(topics(store)).toEqual(['Plant/PUBLISHED']);
    store.setFilter({ ...NO_MESSAGE_FILTER, retainList: [false] });
    expect(topics(store)).toEqual(['Plant/RECEIVED']);
    store.setFilter({ ...NO_MESSAGE_FILTER, topic: 'plant/rec' });
    expect(topics(store)).toEqual(['Plant/RECEIVED']);
  });

  it('drops filtered entries along with the messages they point at', () => {
    const { store } = storeWithManualFrames(100);
    store.setFilter({ ...NO_MESSAGE_FILTER, topic: 'even' });
    for (let index = 0; index < 10_000; index += 1) store.append(message(index % 2 === 0 ? 'even' : 'odd'));
    expect(store.filteredCount).toBe(50);
    expect(store.filteredAt(49, true)?.seq).toBe(9900);
  });

  it('shrinks to a smaller bound keeping the newest, and clears', () => {
    const { store } = storeWithManualFrames(500);
    for (let index = 0; index < 300; index += 1) store.append(message(`t/${index}`));
    store.setMessagesToKeep(100);
    expect(store.size).toBe(100);
    expect(store.filteredAt(99, true)?.topic).toBe('t/200');
    store.setMessagesToKeep(1000);
    store.append(message('t/300'));
    expect(store.size).toBe(101);
    store.clear();
    expect(store.size).toBe(0);
    expect(store.filteredCount).toBe(0);
    expect(store.append(message('after')).seq).toBe(301);
  });

  it('counts every message received, and those it lets go for its bound as dropped, apart from what it keeps', () => {
    const { store } = storeWithManualFrames(5000);
    for (let index = 0; index < 7000; index += 1) store.append(message(`t/${index % 7}`));
    for (let index = 0; index < 10; index += 1) store.append(message('out', { direction: 'PUBLISHED' }));
    // The list holds its bound; the tally holds the rest: nothing leaves without being counted.
    expect(store.size).toBe(5000);
    expect(store.tally).toEqual({ received: 7000, droppedByLimit: 2010 });
    store.setMessagesToKeep(1000);
    expect(store.tally).toEqual({ received: 7000, droppedByLimit: 6010 });
    expect(store.size + store.tally.droppedByLimit).toBe(7010);
    // Cleared on purpose is not dropped, and the received count goes on.
    store.clear();
    store.append(message('again'));
    expect(store.tally).toEqual({ received: 7001, droppedByLimit: 6010 });
  });

  it('exports JSON lines: payload as text when UTF-8, else base64, with the MQTT 5 properties', () => {
    const { store } = storeWithManualFrames();
    store.append(message('a', { time: Date.UTC(2025, 0, 2, 3, 4, 5), payload: utf8.encode('{"t":21}'), qos: 1, retain: true }));
    store.append(
      message('b', {
        time: 0,
        direction: 'PUBLISHED',
        payload: new Uint8Array([0xff, 0x00]),
        properties: { contentType: 'application/octet-stream', correlationData: utf8.encode('req-1'), userProperties: { k: ['1', '2'] }, subscriptionIdentifier: 3 },
      }),
    );
    const lines = jsonLinesOf(store.messages()).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0] as string)).toEqual({ seq: 0, time: '2025-01-02T03:04:05.000Z', direction: 'RECEIVED', topic: 'a', qos: 1, retain: true, payload: '{"t":21}' });
    expect(JSON.parse(lines[1] as string)).toEqual({
      seq: 1,
      time: '1970-01-01T00:00:00.000Z',
      direction: 'PUBLISHED',
      topic: 'b',
      qos: 0,
      retain: false,
      payloadBase64: '/wA=',
      properties: { contentType: 'application/octet-stream', correlationData: 'req-1', userProperties: { k: ['1', '2'] }, subscriptionIdentifiers: [3] },
    });
  });
});
