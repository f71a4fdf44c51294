import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { AccessControl } from '../../../src/mqtt/access-control.js';
import type { ClientEvent } from '../../../src/mqtt/client-event-log.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { eventually } from '../../support/checks/waits.js';

const refusesIntruders: AccessControl = {
  authenticate: async (attempt) =>
    attempt.username === 'intruder' ? { allowed: false, reason: 'Bad username or password', returnCode: 4 } : { allowed: true, clientType: 'DEVICE' },
  mayPublish: () => true,
  maySubscribe: () => true,
};

const suite = useBrokerSuite({ clientEventRetentionHours: 1 }, { accessControl: refusesIntruders });

interface EventPage {
  data: ClientEvent[];
  totalElements: number;
  hasNext: boolean;
}

async function history(clientId: string, query = ''): Promise<EventPage> {
  const api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  const answer = await api.call<EventPage>('GET', `/api/client-session/events?pageSize=50&page=0&clientId=${clientId}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('client event history (GET /api/client-session/events)', () => {
  it('records connections, disconnections with reason and initiator, and takeovers, newest first', async () => {
    const first = await suite.clients.connect({ protocolVersion: 5, clientId: 'history-device', clean: false, properties: { sessionExpiryInterval: 600 } });
    await first.endAsync();
    await suite.clients.connect({ protocolVersion: 5, clientId: 'history-device', clean: false, properties: { sessionExpiryInterval: 600 } });
    const takeover = await suite.clients.connect({ protocolVersion: 4, clientId: 'history-device', clean: false });
    await eventually(async () => expect((await history('history-device')).totalElements).toBe(5));
    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    await api.call('DELETE', `/api/client-session/disconnect?clientId=history-device&sessionId=${suite.node.mqtt.sessions.get('history-device')?.sessionId ?? ''}`);
    await new Promise<void>((resolve) => takeover.once('close', () => resolve()));

    const events = (await history('history-device')).data;
    expect(events.map((event) => event.type)).toEqual(['DISCONNECTED', 'CONNECTED', 'TAKEN_OVER', 'CONNECTED', 'DISCONNECTED', 'CONNECTED']);
    expect(events[0]).toMatchObject({ reasonCode: 152, reason: 'Administrative action', initiator: 'ADMINISTRATOR' });
    expect(events[1]).toMatchObject({ protocolVersion: 4, address: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(events[2]).toMatchObject({ reasonCode: 142, reason: 'Session taken over', initiator: 'BROKER' });
    expect(events[3]).toMatchObject({ protocolVersion: 5 });
    expect(events[4]).toMatchObject({ reasonCode: 0, reason: 'Normal disconnection', initiator: 'CLIENT' });
    expect(events.map((event) => event.ts)).toEqual([...events.map((event) => event.ts)].sort((a, b) => b - a));
  });

  it('records a refused sign-in and a session that expired', async () => {
    const refused = mqtt.connectAsync(`mqtt://127.0.0.1:${suite.node.mqttPort}`, { clientId: 'history-intruder', username: 'intruder', password: 'guess', reconnectPeriod: 0 });
    await expect(refused).rejects.toThrow();
    expect((await history('history-intruder')).data).toEqual([expect.objectContaining({ type: 'AUTHENTICATION_FAILED', reason: 'Bad username or password' })]);

    const brief = await suite.clients.connect({ protocolVersion: 5, clientId: 'history-brief', clean: false, properties: { sessionExpiryInterval: 1 } });
    await brief.endAsync();
    await eventually(async () => expect((await history('history-brief', '&typeList=SESSION_EXPIRED')).totalElements).toBe(1), { interval: 200 });
  });

  it('pages and filters the history by type and time', async () => {
    for (let round = 0; round < 3; round += 1) await (await suite.clients.connect({ clientId: 'history-pages' })).endAsync();
    await eventually(async () => expect((await history('history-pages')).totalElements).toBe(6));
    const api = new ApiClient(suite.node.baseUrl);
    await api.signIn();
    const firstPage = await api.call<EventPage>('GET', '/api/client-session/events?pageSize=4&page=0&clientId=history-pages&sortOrder=ASC');
    expect(firstPage.body.data.map((event) => event.type)).toEqual(['CONNECTED', 'DISCONNECTED', 'CONNECTED', 'DISCONNECTED']);
    expect(firstPage.body.hasNext).toBe(true);
    expect((await history('history-pages', '&typeList=CONNECTED')).totalElements).toBe(3);
    const oldest = firstPage.body.data[0]?.ts ?? 0;
    // A connection and its end can share a millisecond: check the bound, not a count.
    const upToOldest = (await history('history-pages', `&endTime=${oldest}`)).data;
    expect(upToOldest.every((event) => event.ts <= oldest)).toBe(true);
    expect(upToOldest.at(-1)?.type).toBe('CONNECTED');
    expect(upToOldest.length).toBeLessThan(6);
    expect((await history('history-pages', `&startTime=${Date.now() + 1000}`)).totalElements).toBe(0);
  });

  it('forgets events older than the retention (STARLING_CLIENT_EVENT_RETENTION_HOURS)', async () => {
    await (await suite.clients.connect({ clientId: 'history-old' })).endAsync();
    await eventually(async () => expect((await history('history-old')).totalElements).toBe(2));
    expect(suite.node.mqtt.events.prune(Date.now() + 59 * 60_000)).toBe(0);
    expect(suite.node.mqtt.events.prune(Date.now() + 61 * 60_000)).toBeGreaterThanOrEqual(2);
    expect((await history('history-old')).totalElements).toBe(0);
  });
});
