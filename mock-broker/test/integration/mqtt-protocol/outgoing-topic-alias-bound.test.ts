import type { IPublishPacket } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ALIASED_TOPIC_LENGTH, MAX_OUTGOING_TOPIC_ALIASES } from '../../../src/mqtt/flow/outgoing-topic-aliases.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';

/**
 * The topic aliases the broker uses towards a client (MQTT 5 section 3.3.2.3.4) are bounded by the
 * broker too: a client stating the largest Topic Alias Maximum does not make one connection hold
 * 65,535 topics of any length.
 */
const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

describe('outgoing topic aliases towards a client that accepts 65,535', () => {
  it('uses at most the broker\'s own bound, none for long topics, and every message resolves to its topic', async () => {
    const { client: subscriber } = await raw.connect({ properties: { topicAliasMaximum: 65_535 } });
    await subscriber.subscribe('bound/#', { qos: 0 });
    const { client: publisher } = await raw.connect({});

    const short = Array.from({ length: MAX_OUTGOING_TOPIC_ALIASES + 50 }, (_unused, index) => `bound/${index}`);
    const long = ['a', 'b'].map((name) => `bound/${name.repeat(MAX_ALIASED_TOPIC_LENGTH)}`);
    // Each topic twice: the second time a known alias goes alone, or an alias given to another since is told again.
    const topics = [...short, ...long, ...short, ...long];
    for (const topic of topics) publisher.publish(topic, topic);

    // As a strict client resolves them: an alias with a topic sets it, an alias alone is looked up.
    const topicOf = new Map<number, string>();
    const aliasesUsed = new Set<number>();
    const resolved: string[] = [];
    for (let index = 0; index < topics.length; index += 1) {
      const packet: IPublishPacket = await subscriber.nextPublish();
      const alias = packet.properties?.topicAlias;
      if (alias !== undefined) {
        aliasesUsed.add(alias);
        if (packet.topic !== '') topicOf.set(alias, packet.topic);
      }
      const topic = packet.topic !== '' ? packet.topic : topicOf.get(alias ?? -1);
      resolved.push(topic ?? '(unknown alias)');
      expect(topic, `message ${index}`).toBe(packet.payload.toString());
      if (topic !== undefined && topic.length > MAX_ALIASED_TOPIC_LENGTH) expect(alias, topic.slice(0, 20)).toBeUndefined();
    }
    expect(resolved).toEqual(topics);
    expect(Math.max(...aliasesUsed)).toBe(MAX_OUTGOING_TOPIC_ALIASES);
    expect(Math.min(...aliasesUsed)).toBe(1);
    expect(subscriber.violations).toEqual([]);
  });
});
