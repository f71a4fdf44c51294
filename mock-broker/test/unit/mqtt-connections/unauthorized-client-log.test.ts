import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnauthorizedClientLog, type UnauthorizedClient } from '../../../src/unauthorized-clients/unauthorized-client-log.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

let store: ReturnType<typeof openTemporaryDatabase>;
let log: UnauthorizedClientLog;

beforeEach(() => {
  store = openTemporaryDatabase();
  log = new UnauthorizedClientLog(store.database, 100);
});
afterEach(() => {
  log.deleteAll();
  store.destroy();
});

const refusal = (clientId: string, extra: Partial<UnauthorizedClient> = {}): UnauthorizedClient => ({
  clientId,
  ipAddress: '203.0.113.7',
  ts: Date.now(),
  username: null,
  passwordProvided: true,
  tlsUsed: false,
  reason: 'Bad username or password',
  ...extra,
});

describe('unauthorized-client log bounds', () => {
  it('keeps at most its capacity of client ids, and of text: long ids, usernames and reasons are cut to 256 characters, distinct ids kept apart', () => {
    for (let index = 0; index < 350; index++) {
      log.record(refusal(`${'id'.repeat(30_000)}-${index}`, { username: 'u'.repeat(65_535), reason: `Blocked: USERNAME "${'v'.repeat(5000)}"`, ts: index }));
    }
    const { rows, textCharacters } = log.footprint();
    expect(rows).toBe(100);
    expect(textCharacters).toBeLessThanOrEqual(100 * (3 * 256 + '203.0.113.7'.length));
    const [entry] = log.page({ pageSize: 1, page: 0 }).data;
    expect(entry?.clientId).toHaveLength(256);
    expect(entry?.clientId).toMatch(/^(?:id)+i?…[\w-]{8}$/);
    expect(entry?.username).toHaveLength(256);
    // The whole id still finds its row.
    expect(log.delete(`${'id'.repeat(30_000)}-349`)).toBe(true);
    expect(log.footprint().rows).toBe(99);
  });

  it('writes a batch that reaches its capacity at once, rather than holding it in memory', () => {
    for (let index = 0; index < 100; index++) log.record(refusal(`made-up-${index}`));
    expect(Number(store.database.get('SELECT COUNT(*) AS n FROM mqtt_unauthorized_client')?.n)).toBe(100);
  });
});
