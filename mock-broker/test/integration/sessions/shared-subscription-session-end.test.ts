import type { IClientOptions } from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { SharedSubscriptionGroupInfo } from '../../../src/sessions/shared-subscription-groups.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { eventually } from '../../support/checks/waits.js';

/**
 * A persistent member of a shared subscription group stays in it while offline; once its session
 * is discarded, whatever discards it, the groups it held let it go (and go with their last member),
 * even where Aedes emits no event: a Clean Start connect, an administrator's removal.
 */
const suite = useBrokerSuite();
let signedIn: Promise<ApiClient> | undefined;
const api = () => {
  const client = new ApiClient(suite.node.baseUrl);
  return (signedIn ??= client.signIn().then(() => client));
};

/** The groups whose share name starts with `prefix`, as the console's shared subscriptions page reads them. */
async function groups(prefix: string): Promise<SharedSubscriptionGroupInfo[]> {
  const answer = await (await api()).call<{ data: SharedSubscriptionGroupInfo[] }>('GET', `/api/subscription?pageSize=100&page=0&shareNameSearch=${prefix}`);
  return answer.body.data.filter((group) => group.shareName.startsWith(prefix));
}

const persistent = (clientId: string, sessionExpiryInterval = 300): IClientOptions => ({ protocolVersion: 5, clientId, clean: false, properties: { sessionExpiryInterval } });
const GROUPS = 20;

/** Connects `clientId` persistently, joins GROUPS groups named `{prefix}{n}` on `topic`, and leaves. */
async function joinThenGoOffline(options: IClientOptions, prefix: string, topic: string): Promise<void> {
  const member = await suite.clients.connect(options);
  for (let n = 0; n < GROUPS; n += 1) await member.subscribeAsync(`$share/${prefix}${n}/${topic}`, { qos: 1 });
  expect(await groups(prefix)).toHaveLength(GROUPS);
  await member.endAsync();
  await eventually(() => expect(suite.node.mqtt.sessions.get(options.clientId as string)?.connectionState ?? 'GONE').not.toBe('CONNECTED'));
}

/** A new member of `{prefix}0` gets a message published on `topic`. */
async function groupWorksAgain(prefix: string, topic: string): Promise<void> {
  const member = await suite.clients.connect({ protocolVersion: 5 });
  await member.subscribeAsync(`$share/${prefix}0/${topic}`, { qos: 1 });
  const received = inbox(member);
  const publisher = await suite.clients.connect({ protocolVersion: 5 });
  await publisher.publishAsync(topic, 'after', { qos: 1 });
  expect(await received.next()).toMatchObject({ topic, payload: 'after' });
  expect((await groups(prefix)).map((group) => group.clients)).toEqual([[expect.objectContaining({ connected: true })]]);
}

describe('shared subscription groups when a member\'s session is discarded', () => {
  it('keeps an offline persistent member, and lets it go when it comes back with Clean Start', async () => {
    const options = persistent('share-clean-start');
    await joinThenGoOffline(options, 'clean-start-', 'share/clean-start');
    const offline = await groups('clean-start-');
    expect(offline).toHaveLength(GROUPS);
    expect(offline.every((group) => group.clients.length === 1 && group.clients[0]?.connected === false)).toBe(true);

    // Resumed: a member again.
    const resumed = await suite.clients.connect(options);
    expect(suite.clients.connack(resumed)?.sessionPresent).toBe(true);
    expect((await groups('clean-start-')).every((group) => group.clients[0]?.connected === true)).toBe(true);
    await resumed.endAsync();
    await eventually(() => expect(suite.node.mqtt.sessions.get('share-clean-start')?.connectionState).toBe('DISCONNECTED'));

    // Clean Start discards the session before CONNACK: its groups are gone with it.
    const fresh = await suite.clients.connect({ ...options, clean: true });
    expect(suite.clients.connack(fresh)?.sessionPresent).toBe(false);
    expect(await groups('clean-start-')).toEqual([]);
    await fresh.endAsync();
    await groupWorksAgain('clean-start-', 'share/clean-start');
  });

  it('lets a member go whose session ends with its connection (Session Expiry Interval 0)', async () => {
    await joinThenGoOffline(persistent('share-expiry-zero', 0), 'expiry-zero-', 'share/expiry-zero');
    await eventually(() => expect(suite.node.mqtt.sessions.get('share-expiry-zero')).toBeUndefined());
    expect(await groups('expiry-zero-')).toEqual([]);
    await groupWorksAgain('expiry-zero-', 'share/expiry-zero');
  });

  it('lets a member go whose session an administrator removed', async () => {
    await joinThenGoOffline(persistent('share-removed'), 'removed-', 'share/removed');
    expect(await groups('removed-')).toHaveLength(GROUPS);
    const sessionId = suite.node.mqtt.sessions.get('share-removed')?.sessionId;
    expect((await (await api()).call('DELETE', `/api/client-session/remove?clientId=share-removed&sessionId=${sessionId}`)).status).toBe(200);
    expect(await groups('removed-')).toEqual([]);
    await groupWorksAgain('removed-', 'share/removed');
  });
});
