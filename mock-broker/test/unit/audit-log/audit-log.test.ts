import { afterEach, describe, expect, it } from 'vitest';
import { csvCell } from '../../../src/audit-log/audit-log-csv.js';
import type { NewAuditLogEntry } from '../../../src/audit-log/audit-log-entry.js';
import { AuditLogRepository, MAX_ACTION_DATA_BYTES, MAX_FAILED_ACTION_DATA_BYTES } from '../../../src/audit-log/audit-log-repository.js';
import { AUDIT_RULES } from '../../../src/audit-log/audit-rules.js';
import { changingOperations } from '../../../src/audit-log/changing-operations.js';
import { scrubSecrets, SECRET_PLACEHOLDER } from '../../../src/audit-log/secret-scrubber.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function entry(createdTime: number, entityName: string, actionData: Record<string, unknown> = {}): NewAuditLogEntry {
  return {
    createdTime,
    userId: 'user-1',
    userName: 'ops@example.com',
    address: '10.0.0.5',
    entityType: 'ALERT_RULE',
    entityId: entityName,
    entityName,
    actionType: 'ADDED',
    actionStatus: 'SUCCESS',
    actionFailureDetails: undefined,
    actionData,
  };
}

describe('audit rules, driven by the contract (openapi.yaml "Changes and roles")', () => {
  const changing = changingOperations();

  it('name every operation that changes something, and none that does not', () => {
    const changingIds = changing.map((operation) => operation.operationId).sort();
    expect(Object.keys(AUDIT_RULES).sort()).toEqual(changingIds);
  });

  it('read the markers: a POST marked x-starling-changes false is not a change, a GET marked true is', () => {
    const ids = changing.map((operation) => operation.operationId);
    expect(ids).not.toContain('refreshToken');
    expect(ids).not.toContain('simulateMqttAccess');
    expect(ids).toContain('getAdminUserToken');
    expect(ids).toContain('saveAlertRule');
  });

  it('say who an unauthenticated call is by its answer or the e-mail it names, only for calls without security', () => {
    for (const { operationId, requiresAuthentication } of changing) {
      const rule = AUDIT_RULES[operationId];
      if (rule === undefined || 'notAudited' in rule) continue;
      expect(rule.unauthenticated === undefined, operationId).toBe(requiresAuthentication);
    }
  });
});

describe('audit log storage', () => {
  let opened: ReturnType<typeof openTemporaryDatabase> | undefined;
  afterEach(() => opened?.destroy());

  function repository(maxEntries = 100, maxBytes = 64 * 1024 * 1024): AuditLogRepository {
    opened = openTemporaryDatabase();
    return new AuditLogRepository(opened.database, { maxEntries, maxBytes });
  }

  const names = (store: AuditLogRepository) => store.page({}, { pageSize: 100, page: 0 }, 'createdTime', 'DESC').data.map((found) => found.entityName);

  it('drops entries older than the retention on pruning, and keeps the younger ones', () => {
    const store = repository();
    const now = Date.now();
    store.append(entry(now - 91 * DAY_MS, 'too old'));
    store.append(entry(now - 89 * DAY_MS, 'kept'));
    store.append(entry(now, 'new'));
    store.prune(now - 90 * DAY_MS);
    expect(names(store)).toEqual(['new', 'kept']);
  });

  it('keeps at most the maximum count, the oldest written going first, also across a restart', () => {
    const store = repository(3);
    for (let index = 0; index < 5; index++) store.append(entry(1000 + index, `entry ${index}`));
    expect(names(store)).toEqual(['entry 4', 'entry 3', 'entry 2']);
    const reopened = new AuditLogRepository(opened?.database as NonNullable<typeof opened>['database'], { maxEntries: 2, maxBytes: 1024 * 1024 });
    reopened.prune(0);
    expect(names(reopened)).toEqual(['entry 4', 'entry 3']);
  });

  it('keeps at most the maximum bytes: large entries push out as many old ones as they need, counted as stored', () => {
    const payload = (kib: number) => ({ item: { payload: 'x'.repeat(kib * 1024) } });
    const store = repository(1000, 40 * 1024);
    for (let index = 0; index < 10; index++) store.append(entry(index, `small ${index}`, payload(1)));
    expect(names(store)).toHaveLength(10);
    // Each of these is about 12.1 KiB and each small one 1.1 KiB: three large and the three newest small fit in 40 KiB.
    for (let index = 0; index < 3; index++) store.append(entry(100 + index, `large ${index}`, payload(12)));
    expect(names(store)).toEqual(['large 2', 'large 1', 'large 0', 'small 9', 'small 8', 'small 7']);
    expect(store.size().bytes).toBeLessThanOrEqual(40 * 1024);
    // The running total equals what a fresh count of the stored rows gives.
    const reopened = new AuditLogRepository(opened?.database as NonNullable<typeof opened>['database'], { maxEntries: 1000, maxBytes: 40 * 1024 });
    expect(reopened.size()).toEqual(store.size());
    // A lower limit after a restart applies at the first pruning.
    const smaller = new AuditLogRepository(opened?.database as NonNullable<typeof opened>['database'], { maxEntries: 1000, maxBytes: 20 * 1024 });
    smaller.prune(0);
    expect(names(smaller)).toEqual(['large 2']);
  });

  it('keeps the entry just written even when it alone passes the byte limit', () => {
    const store = repository(1000, 4 * 1024);
    store.append(entry(1, 'first', { item: 'x'.repeat(1024) }));
    store.append(entry(2, 'too large', { item: 'x'.repeat(8 * 1024) }));
    expect(names(store)).toEqual(['too large']);
    expect(store.size().entries).toBe(1);
  });

  it('cuts actionData past 16 KiB and marks it truncated', () => {
    const store = repository();
    store.append(entry(1, 'large', { item: { payload: 'x'.repeat(MAX_ACTION_DATA_BYTES * 2) } }));
    store.append(entry(2, 'small', { item: { payload: 'x' } }));
    const [small, large] = store.page({}, { pageSize: 10, page: 0 }, 'createdTime', 'DESC').data;
    expect(small?.actionData).toEqual({ item: { payload: 'x' } });
    expect(large?.actionData).toMatchObject({ truncated: true, originalBytes: expect.any(Number) });
    expect(Buffer.byteLength(JSON.stringify(large?.actionData), 'utf8')).toBeLessThanOrEqual(MAX_ACTION_DATA_BYTES);
  });

  it('keeps a refused call to 1 KiB: repeated refusals, which any signed-in caller can make, grow the log by little', () => {
    const store = repository();
    store.append({ ...entry(1, 'refused', { body: { payload: 'x'.repeat(MAX_ACTION_DATA_BYTES) } }), actionStatus: 'FAILURE' });
    const [refused] = store.page({}, { pageSize: 10, page: 0 }, 'createdTime', 'DESC').data;
    expect(refused?.actionData).toMatchObject({ truncated: true, excerpt: expect.stringContaining('"payload":"xxx') });
    expect(Buffer.byteLength(JSON.stringify(refused?.actionData), 'utf8')).toBeLessThanOrEqual(MAX_FAILED_ACTION_DATA_BYTES);
  });

  it('reads an export in chunks, newest first, up to the limit, with the same filters as the list', () => {
    const store = repository();
    for (let index = 0; index < 7; index++) store.append({ ...entry(index, `entry ${index}`), actionStatus: index % 2 === 0 ? 'SUCCESS' : 'FAILURE' });
    const chunks = [...store.newestFirst({}, 5, 2)].map((chunk) => chunk.map((found) => found.entityName));
    expect(chunks).toEqual([['entry 6', 'entry 5'], ['entry 4', 'entry 3'], ['entry 2']]);
    const failures = [...store.newestFirst({ actionStatus: 'FAILURE' }, 100, 2)].flat().map((found) => found.entityName);
    expect(failures).toEqual(['entry 5', 'entry 3', 'entry 1']);
  });
});

describe('CSV cells', () => {
  it('defuse formulas with a quote and quote cells holding commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@A1')).toBe("'@A1");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('the secret scrubber', () => {
  it('replaces secret text at any depth and inside credentialsValue, keeping flags, settings and empty values', () => {
    const scrubbed = scrubSecrets({
      name: 'device',
      credentialsValue: JSON.stringify({ userName: 'u', password: 'p1' }),
      configuration: { credentials: { type: 'basic', username: 'svc', password: 'p2' }, headers: { Authorization: 'Bearer t', Accept: 'json' } },
      passwordSet: true,
      passwordPolicy: { minimumLength: 8 },
      password: null,
      token: '',
      list: [{ privateKey: 'k' }],
    });
    expect(scrubbed).toEqual({
      name: 'device',
      credentialsValue: { userName: 'u', password: SECRET_PLACEHOLDER },
      configuration: { credentials: { type: 'basic', username: 'svc', password: SECRET_PLACEHOLDER }, headers: { Authorization: SECRET_PLACEHOLDER, Accept: 'json' } },
      passwordSet: true,
      passwordPolicy: { minimumLength: 8 },
      password: null,
      token: '',
      list: [{ privateKey: SECRET_PLACEHOLDER }],
    });
    expect(scrubSecrets({ credentialsValue: 'not json: secret' })).toEqual({ credentialsValue: SECRET_PLACEHOLDER });
  });
});
