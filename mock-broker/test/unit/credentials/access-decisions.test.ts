import { describe, expect, it } from 'vitest';
import { allTopics, type BasicCredentials } from '../../../src/credentials/client-credentials.js';
import { CredentialsCatalog } from '../../../src/credentials/credentials-catalog.js';
import { allowingPatternOf } from '../../../src/credentials/topic-rules.js';
import { AccessDecisions, DECISIONS_PER_CONNECTION, type DecidingAccess, MAX_KEPT_TOPIC_LENGTH } from '../../../src/mqtt/access-decisions.js';

interface Admitted {
  credentialsId: string;
}

const sensor = (pubAuthRulePatterns: string[]): BasicCredentials => ({
  id: 'sensor',
  createdTime: 1,
  name: 'Sensor',
  clientType: 'DEVICE',
  description: undefined,
  credentialsType: 'MQTT_BASIC',
  clientId: null,
  userName: 'sensor',
  passwordHash: null,
  authRules: { ...allTopics(), pubAuthRulePatterns },
});

/**
 * An access control over a real credentials catalog, as CredentialsAccessControl reads it: the
 * rules of the credentials that let the client in, as they are now (none once deleted), and the
 * catalog's revision. Counts the questions that reach the rules.
 */
function catalogAccess(catalog: CredentialsCatalog, { stateRevision = true } = {}) {
  const asked = { publish: 0, subscribe: 0 };
  const rules = (client: Admitted) => {
    const credentials = catalog.get(client.credentialsId);
    return credentials?.credentialsType === 'MQTT_BASIC' ? credentials.authRules : undefined;
  };
  const access: DecidingAccess<Admitted> = {
    mayPublish(client, topic) {
      asked.publish += 1;
      const found = rules(client);
      return found !== undefined && allowingPatternOf(found.pubAuthRulePatterns, topic) !== undefined;
    },
    maySubscribe(client, topicFilter) {
      asked.subscribe += 1;
      const found = rules(client);
      return found !== undefined && allowingPatternOf(found.subAuthRulePatterns, topicFilter) !== undefined;
    },
    ...(stateRevision ? { rulesRevision: () => catalog.revision } : {}),
  };
  return { access, asked };
}

describe('access decisions kept per connection and topic', () => {
  it('asks the rules once per topic while they stay as they are', () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const { access, asked } = catalogAccess(catalog);
    const decisions = new AccessDecisions(access);
    const client = { credentialsId: 'sensor' };
    for (let round = 0; round < 5; round += 1) {
      expect(decisions.mayPublish(client, 'sensors/t1')).toBe(true);
      expect(decisions.mayPublish(client, 'actuators/a1')).toBe(false);
      expect(decisions.maySubscribe(client, 'commands/#')).toBe(true);
    }
    expect(asked).toEqual({ publish: 2, subscribe: 1 });
  });

  it('applies an edited rule to the very next publish of a connected client (security: no stale allowance)', () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const decisions = new AccessDecisions(catalogAccess(catalog).access);
    const client = { credentialsId: 'sensor' };
    expect(decisions.mayPublish(client, 'sensors/t1')).toBe(true);
    catalog.put(sensor(['other/.*']));
    expect(decisions.mayPublish(client, 'sensors/t1')).toBe(false);
    expect(decisions.mayPublish(client, 'other/t1')).toBe(true);
  });

  it('refuses at once what deleted credentials allowed (security: no stale allowance)', () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const decisions = new AccessDecisions(catalogAccess(catalog).access);
    const client = { credentialsId: 'sensor' };
    expect(decisions.mayPublish(client, 'sensors/t1')).toBe(true);
    expect(decisions.maySubscribe(client, 'sensors/#')).toBe(true);
    catalog.remove('sensor');
    expect(decisions.mayPublish(client, 'sensors/t1')).toBe(false);
    expect(decisions.maySubscribe(client, 'sensors/#')).toBe(false);
  });

  it('keeps nothing for an access control that states no revision: every publish is asked', () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const { access, asked } = catalogAccess(catalog, { stateRevision: false });
    const decisions = new AccessDecisions(access);
    for (let round = 0; round < 3; round += 1) decisions.mayPublish({ credentialsId: 'sensor' }, 'sensors/t1');
    expect(asked.publish).toBe(3);
  });

  it('keeps decisions per admission: another connection, or the same one admitted again, is asked afresh', () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const { access, asked } = catalogAccess(catalog);
    const decisions = new AccessDecisions(access);
    decisions.mayPublish({ credentialsId: 'sensor' }, 'sensors/t1');
    decisions.mayPublish({ credentialsId: 'sensor' }, 'sensors/t1');
    expect(asked.publish).toBe(2);
  });

  it(`holds at most ${DECISIONS_PER_CONNECTION} topics per connection and answers rightly past that`, () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/even-.*'])]);
    const { access, asked } = catalogAccess(catalog);
    const decisions = new AccessDecisions(access);
    const client = { credentialsId: 'sensor' };
    const topics = Array.from({ length: DECISIONS_PER_CONNECTION * 3 }, (_, index) => `sensors/${index % 2 === 0 ? 'even' : 'odd'}-${index}`);
    for (const topic of topics) expect(decisions.mayPublish(client, topic)).toBe(topic.includes('even'));
    const askedBefore = asked.publish;
    // The first topic was forgotten when the decisions started over: it is asked again.
    expect(decisions.mayPublish(client, topics[0] ?? '')).toBe(true);
    expect(asked.publish).toBe(askedBefore + 1);
  });

  it(`keeps no decision for a topic longer than ${MAX_KEPT_TOPIC_LENGTH} characters (a connection's memory stays small), and answers it rightly`, () => {
    const catalog = new CredentialsCatalog([sensor(['sensors/.*'])]);
    const { access, asked } = catalogAccess(catalog);
    const decisions = new AccessDecisions(access);
    const client = { credentialsId: 'sensor' };
    const long = `sensors/${'x'.repeat(MAX_KEPT_TOPIC_LENGTH)}`;
    expect(decisions.mayPublish(client, long)).toBe(true);
    expect(decisions.mayPublish(client, long)).toBe(true);
    expect(asked.publish).toBe(2);
    expect(decisions.mayPublish(client, `other/${'x'.repeat(MAX_KEPT_TOPIC_LENGTH)}`)).toBe(false);
  });
});

describe('credentials catalog revision', () => {
  it('changes with every entry added, replaced or removed, and not when only read', () => {
    const catalog = new CredentialsCatalog();
    const seen = [catalog.revision];
    catalog.put(sensor(['a/.*']));
    seen.push(catalog.revision);
    catalog.put(sensor(['b/.*']));
    seen.push(catalog.revision);
    catalog.get('sensor');
    catalog.find({ clientId: 'c', username: 'sensor', certificateCommonName: undefined });
    expect(catalog.revision).toBe(seen.at(-1));
    catalog.remove('sensor');
    seen.push(catalog.revision);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
