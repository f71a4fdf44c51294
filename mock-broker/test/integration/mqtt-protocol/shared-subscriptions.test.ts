import { describe, expect, it } from 'vitest';
import { parseSharedTopic } from '../../../src/mqtt/shared-subscriptions.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

const suite = useBrokerSuite();

async function publishJobs(topicPrefix: string, count: number): Promise<void> {
  const publisher = await suite.clients.connect({ protocolVersion: 5 });
  for (let n = 0; n < count; n += 1) await publisher.publishAsync(`${topicPrefix}/${n}`, `job ${n}`, { qos: 1 });
}

describe('shared subscriptions ($share/<group>/<filter>)', () => {
  it('gives each message to exactly one member of the group, in turn, and all to an ordinary subscriber', async () => {
    const [first, second] = await Promise.all([
      suite.clients.connect({ protocolVersion: 5, clientId: 'worker-1' }),
      suite.clients.connect({ protocolVersion: 4, clientId: 'worker-2' }),
    ]);
    const granted = await first.subscribeAsync('$share/workers/jobs/#', { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    await second.subscribeAsync('$share/workers/jobs/#', { qos: 1 });
    const monitor = await suite.clients.connect({ protocolVersion: 5 });
    await monitor.subscribeAsync('jobs/#', { qos: 1 });
    const [firstBox, secondBox, monitorBox] = [inbox(first), inbox(second), inbox(monitor)];

    await publishJobs('jobs', 10);
    await eventually(() => expect(firstBox.messages.length + secondBox.messages.length).toBe(10));
    await eventually(() => expect(monitorBox.messages).toHaveLength(10));
    // One more copy to anyone would have arrived by now.
    await Promise.all([firstBox, secondBox, monitorBox].map((box) => box.settle()));
    const shared = [...firstBox.messages, ...secondBox.messages].map((message) => message.payload).sort();
    expect(shared).toEqual(Array.from({ length: 10 }, (_, n) => `job ${n}`).sort());
    expect(firstBox.messages).toHaveLength(5);
    expect(secondBox.messages).toHaveLength(5);
    expect(firstBox.messages[0]?.topic).toMatch(/^jobs\/\d$/);
    expect(monitorBox.messages).toHaveLength(10);
  });

  it('lists groups with their members and shows the subscription as $share in the session', async () => {
    const member = await suite.clients.connect({ protocolVersion: 5, clientId: 'listed-member' });
    await member.subscribeAsync('$share/reporting/metrics/+', { qos: 0 });
    await eventually(() => expect(suite.node.mqtt.sharedSubscriptions.list()).toContainEqual({
      shareName: 'reporting',
      topicFilter: 'metrics/+',
      members: [{ clientId: 'listed-member', connected: true }],
    }));
    expect(suite.node.mqtt.sessions.get('listed-member')?.subscriptions[0]?.topicFilter).toBe('$share/reporting/metrics/+');
  });

  it('hands the whole stream to the remaining member when one unsubscribes or leaves', async () => {
    const [staying, leaving] = await Promise.all([suite.clients.connect({ protocolVersion: 5 }), suite.clients.connect({ protocolVersion: 5 })]);
    await staying.subscribeAsync('$share/pool/tasks/#', { qos: 1 });
    await leaving.subscribeAsync('$share/pool/tasks/#', { qos: 1 });
    const stayingBox = inbox(staying);
    await leaving.unsubscribeAsync('$share/pool/tasks/#');
    await publishJobs('tasks', 4);
    await eventually(() => expect(stayingBox.messages).toHaveLength(4));
    await stayingBox.settle();
    expect(stayingBox.messages).toHaveLength(4);
  });

  it('refuses publishing to a shared subscription topic', async () => {
    const member = await suite.clients.connect({ protocolVersion: 5 });
    await member.subscribeAsync('$share/guarded/alerts/#');
    const received = inbox(member);
    const intruder = await suite.clients.connect({ protocolVersion: 5 });
    await intruder.publishAsync('$starling-share/guarded/alerts/x', 'to everyone', { qos: 1 }).catch(() => undefined);
    expect(await received.none()).toBe(true);
  });
});

describe('shared topic parsing', () => {
  it.each([
    ['$share/g/a/b', { shareName: 'g', topicFilter: 'a/b' }],
    ['$share/g/#', { shareName: 'g', topicFilter: '#' }],
    ['$share//a', undefined],
    ['$share/g', undefined],
    ['$share/g+/a', undefined],
    ['plain/topic', undefined],
  ])('%s', (topic, expected) => {
    expect(parseSharedTopic(topic)).toEqual(expected);
  });
});
