import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientEventLog } from '../../../src/mqtt/client-event-log.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';
import { eventually } from '../../support/checks/waits.js';

let store: ReturnType<typeof openTemporaryDatabase>;
let log: ClientEventLog;

beforeEach(() => {
  store = openTemporaryDatabase();
  log = new ClientEventLog(store.database, { retentionMs: 3_600_000, maxEvents: 100 });
});
afterEach(() => {
  log.close();
  store.destroy();
});

const storedRows = () => Number(store.database.get('SELECT COUNT(*) AS n FROM mqtt_client_event')?.n);

describe('client event log bounds', () => {
  it('keeps the newest maxEvents events, across all clients', () => {
    const now = Date.now();
    for (let index = 0; index < 350; index++) log.record({ ts: now + index, clientId: `made-up-${index % 7}`, type: 'CONNECTED' });
    for (let index = 0; index < 30; index++) log.record({ ts: now + 350 + index, clientId: 'meter-1', type: 'CONNECTED' });
    const page = log.page({ clientId: 'meter-1', pageSize: 100, page: 0 });
    expect(page.totalElements).toBe(30);
    expect(storedRows()).toBe(100);
    // The oldest went first: what is left of the made-up clients is their latest 70 events.
    const left = Array.from({ length: 7 }, (_unused, client) => log.forClient(`made-up-${client}`)).flat();
    expect(left).toHaveLength(70);
    expect(Math.min(...left.map((event) => event.ts))).toBe(now + 280);
  });

  it('trims on its own, without waiting for a read', async () => {
    for (let index = 0; index < 250; index++) log.record({ ts: Date.now(), clientId: `flood-${index}`, type: 'AUTHENTICATION_FAILED', reason: 'Bad username or password' });
    await eventually(() => expect(storedRows()).toBe(100), { interval: 50 });
  });

  it('holds at most maxEvents events in memory while the disk refuses to store them, the newest', () => {
    const now = Date.now();
    store.database.exec('ALTER TABLE mqtt_client_event RENAME TO parked');
    // Refused sign-ins of made-up clients: anyone who can open a connection makes these.
    for (let index = 0; index < 1_000; index++) log.record({ ts: now + index, clientId: `flood-${index}`, type: 'AUTHENTICATION_FAILED' });
    expect(log.waiting).toBe(100);

    store.database.exec('ALTER TABLE parked RENAME TO mqtt_client_event');
    // A read writes what waits first.
    expect(log.forClient('flood-899')).toEqual([]);
    expect(log.waiting).toBe(0);
    expect(storedRows()).toBe(100);
    expect(log.forClient('flood-900')).toHaveLength(1);
    expect(log.forClient('flood-999')).toHaveLength(1);
  });

  it('keeps client ids and reasons to 256 characters, and still finds a long id by itself', () => {
    const longId = `device-${'x'.repeat(60_000)}`;
    log.record({ ts: Date.now(), clientId: longId, type: 'AUTHENTICATION_FAILED', reason: `Blocked: ${'r'.repeat(10_000)}` });
    const [event] = log.forClient(longId);
    expect(event?.clientId).toHaveLength(256);
    expect(event?.clientId.startsWith('device-xxx')).toBe(true);
    expect(event?.reason).toHaveLength(256);
    expect(log.page({ clientId: longId, pageSize: 10, page: 0 }).totalElements).toBe(1);
  });
});
