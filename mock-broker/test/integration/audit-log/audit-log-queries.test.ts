import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { REFUSED_ENTRIES_PER_USER } from '../../../src/audit-log/audit-recorder.js';
import { auditEntries, auditEntry } from '../../support/checks/audit-log.js';
import { signedInUserWithRole } from '../../support/api/roles.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { claimsOf } from '../../support/api/users.js';
import { eventually } from '../../support/checks/waits.js';

// Issue 31 "audit log": the list's filters and their refusals, the CSV export, and what the node keeps.
let node: TestNode;
let admin: ApiClient;
let adminId: string;

beforeAll(async () => {
  node = await startTestNode();
  admin = new ApiClient(node.baseUrl);
  adminId = String(claimsOf((await admin.signIn()).token).userId);
});
afterAll(() => node.destroy());

function alertRule(name: string) {
  return { name, key: 'incomingMsgs', entityId: 'total', operator: 'GREATER', threshold: 3, durationSec: 2, recipients: ['ops@example.com'], enabled: true };
}

async function exportCsv(api: ApiClient, query = ''): Promise<Response> {
  return fetch(`${api.baseUrl}/api/audit-log/export${query ? `?${query}` : ''}`, { headers: { 'X-Authorization': `Bearer ${api.token ?? ''}` } });
}

describe('the audit log as an extension', () => {
  it('is listed in GET /api/starling/extensions, and answers only a signed-in caller', async () => {
    const extensions = await admin.call<{ extensions: string[] }>('GET', '/api/starling/extensions');
    expect(extensions.body.extensions).toContain('auditLog');
    expect((await new ApiClient(node.baseUrl).call('GET', '/api/audit-log?pageSize=10&page=0')).status).toBe(401);
    expect((await exportCsv(new ApiClient(node.baseUrl))).status).toBe(401);
  });
});

describe('the address', () => {
  async function signInFrom(baseUrl: string, forwardedFor: string, username: string): Promise<void> {
    const answer = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username, password: 'wrong-guess' }),
    });
    expect(answer.status).toBe(401);
  }

  it('is the one the sign-in limits count: X-Forwarded-For only from a trusted proxy (STARLING_TRUSTED_PROXIES)', async () => {
    await signInFrom(node.baseUrl, '203.0.113.7', 'untrusted-hop@example.com');
    expect((await auditEntry(admin, 'textSearch=untrusted-hop')).address).toBe('127.0.0.1');
    const proxied = await startTestNode({ trustedProxies: ['127.0.0.1'] });
    try {
      const api = new ApiClient(proxied.baseUrl);
      await api.signIn();
      await signInFrom(proxied.baseUrl, '198.51.100.1, 203.0.113.7', 'behind-proxy@example.com');
      // The right-most hop a trusted proxy wrote; what the client wrote left of it is not believed.
      expect((await auditEntry(api, 'textSearch=behind-proxy')).address).toBe('203.0.113.7');
    } finally {
      await proxied.destroy();
    }
  });
});

describe('filters', () => {
  it('refuses a bad filter with 400 naming it, in the list and in the export', async () => {
    const manyIds = Array.from({ length: 101 }, (_, index) => `user-${index}`).join(',');
    const cases: [string, string][] = [
      [`userIdList=${manyIds}`, 'userIdList'],
      ['entityTypeList=ALERT_RULE,SPACESHIP', 'entityTypeList'],
      ['actionTypeList=added', 'actionTypeList'],
      ['actionTypeList=ADDED,LAUNCHED', 'actionTypeList'],
      ['actionStatus=MAYBE', 'actionStatus'],
      ['startTime=-1', 'startTime'],
      ['sortProperty=address', 'sortProperty'],
    ];
    for (const [query, field] of cases) {
      const listed = await admin.call<{ message: string }>('GET', `/api/audit-log?pageSize=10&page=0&${query}`);
      expect(listed.status, query).toBe(400);
      expect(listed.body.message, query).toContain(field);
      if (field === 'sortProperty') continue;
      const exported = await exportCsv(admin, query);
      expect(exported.status, query).toBe(400);
      expect(((await exported.json()) as { message: string }).message, query).toContain(field);
    }
    // A window that ends before it starts finds nothing (as every value the contract allows is taken).
    const inverted = await admin.call<{ data: unknown[]; totalElements: number }>('GET', '/api/audit-log?pageSize=10&page=0&startTime=2000&endTime=1000');
    expect(inverted.status).toBe(200);
    expect(inverted.body.totalElements).toBe(0);
    // One hundred ids are within the limit.
    const hundred = Array.from({ length: 99 }, (_, index) => `user-${index}`).concat(adminId).join(',');
    expect((await auditEntries(admin, `userIdList=${hundred}`)).length).toBeGreaterThan(0);
  });

  it('pages and sorts: newest first unless asked, by user, entity type or action', async () => {
    for (const name of ['Page rule A', 'Page rule B', 'Page rule C']) await admin.call('POST', '/api/monitoring/alert-rule', alertRule(name));
    await auditEntry(admin, 'textSearch=page rule c');
    const first = await admin.call<{ data: { entityName?: string; createdTime: number }[]; totalElements: number; hasNext: boolean; totalPages: number }>(
      'GET',
      '/api/audit-log?pageSize=2&page=0&textSearch=Page%20rule',
    );
    expect(first.body).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(first.body.data.map((entry) => entry.entityName)).toEqual(['Page rule C', 'Page rule B']);
    const oldestFirst = await auditEntries(admin, 'textSearch=Page%20rule&sortProperty=createdTime&sortOrder=ASC');
    expect(oldestFirst.map((entry) => entry.entityName)).toEqual(['Page rule A', 'Page rule B', 'Page rule C']);
    const byAction = await auditEntries(admin, 'sortProperty=actionType&sortOrder=ASC');
    const actions = byAction.map((entry) => entry.actionType);
    expect(actions).toEqual([...actions].sort());
  });
});

describe('the CSV export', () => {
  it('is a file of the filtered entries, newest first, with cells a spreadsheet will not run', async () => {
    const from = Date.now();
    const names = ['=HYPERLINK("http://evil.example","open")', '+1, "quoted"', '-2', '@SUM(A1)', 'Line\nbreak'];
    for (const name of names) expect((await admin.call('POST', '/api/monitoring/alert-rule', alertRule(name))).status).toBe(200);
    await auditEntry(admin, 'entityTypeList=ALERT_RULE', (entry) => entry.entityName === 'Line\nbreak');
    const exported = await exportCsv(admin, `entityTypeList=ALERT_RULE&actionTypeList=ADDED&startTime=${from}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="?audit-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv"?$/);
    const text = await exported.text();
    // Rows end in CRLF (RFC 4180); a line break inside a quoted cell is the cell's own.
    const [header = '', ...rows] = text.split('\r\n');
    expect(header).toBe('createdTime,userName,address,actionType,actionStatus,entityType,entityId,entityName,actionFailureDetails,actionData');
    expect(rows.at(-1)).toBe('');
    expect(rows).toHaveLength(names.length + 1);
    // Newest first: the last rule saved comes first; its name holds a line break, so it is quoted.
    expect(rows[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,sysadmin@starling\.local,127\.0\.0\.1,ADDED,SUCCESS,ALERT_RULE,[0-9a-f-]{36},"Line\nbreak",,"\{/);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""open"")",`);
    expect(text).toContain(`,"'+1, ""quoted""",`);
    expect(text).toContain(",'-2,");
    expect(text).toContain(",'@SUM(A1),");
    // Only what the filters find: alert rules added, nothing else.
    expect(text).not.toContain(',LOGIN,');
    expect(text).not.toContain('PASSWORD_CHANGED');
    // actionData is the entry's JSON, quoted.
    expect(text).toMatch(/"\{""operation"":""POST \/api\/monitoring\/alert-rule"",""item"":\{""id"":/);
  });
});

describe('what the node keeps', () => {
  it('writes at most 100 entries of refused calls per user in 10 minutes: no account floods the others out of the log', async () => {
    const { user, api: viewer } = await signedInUserWithRole(admin, 'flooding-viewer@example.com', 'READ_ONLY');
    const tries = REFUSED_ENTRIES_PER_USER.maxAttempts + 20;
    for (let index = 0; index < tries; index++) {
      expect((await viewer.call('POST', '/api/monitoring/alert-rule', alertRule(`Flood ${index}`))).status).toBe(403);
    }
    // Entries are written in the order the calls end: once a later change of the viewer's own is in
    // the log, every refused call before it has been either written or left out.
    expect((await viewer.call('POST', '/api/admin/user', { firstName: 'After the flood' })).status).toBe(200);
    await auditEntry(admin, `userIdList=${user.id}&actionStatus=SUCCESS&entityTypeList=USER`);
    const kept = await auditEntries(admin, `userIdList=${user.id}&actionStatus=FAILURE&entityTypeList=ALERT_RULE`);
    expect(kept).toHaveLength(REFUSED_ENTRIES_PER_USER.maxAttempts);
    // Another account's refused call is still recorded.
    expect((await admin.call('POST', '/api/monitoring/alert-rule', { ...alertRule('Refused after the flood'), threshold: 'many' })).status).toBe(400);
    await auditEntry(admin, `userIdList=${adminId}&actionStatus=FAILURE&textSearch=refused after the flood`);
  });

  it('keeps at most STARLING_AUDIT_LOG_MAX_ENTRIES entries: the oldest go first', async () => {
    const small = await startTestNode({ auditLog: { retentionDays: 90, maxEntries: 5, maxBytes: 1024 * 1024 } });
    try {
      const api = new ApiClient(small.baseUrl);
      await api.signIn();
      for (let index = 0; index < 8; index++) await api.call('POST', '/api/monitoring/alert-rule', alertRule(`Kept rule ${index}`));
      await eventually(async () => {
        const entries = await auditEntries(api);
        expect(entries.map((entry) => entry.entityName)).toEqual(['Kept rule 7', 'Kept rule 6', 'Kept rule 5', 'Kept rule 4', 'Kept rule 3']);
      });
    } finally {
      await small.destroy();
    }
  });

  it('keeps entries STARLING_AUDIT_LOG_RETENTION_DAYS days: older ones are gone once the node prunes (at start, then every minute)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-audit-age-'));
    const settings = { dataDir, auditLog: { retentionDays: 1, maxEntries: 100, maxBytes: 1024 * 1024 } };
    let aged = await startTestNode(settings);
    try {
      const api = new ApiClient(aged.baseUrl);
      // The node's clock two days back for one change: its entry is older than the retention.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 2 * 24 * 60 * 60 * 1000);
      try {
        await api.signIn();
        expect((await api.call('POST', '/api/monitoring/alert-rule', alertRule('Old rule'))).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      await api.signIn();
      expect((await api.call('POST', '/api/monitoring/alert-rule', alertRule('New rule'))).status).toBe(200);
      await auditEntry(api, 'textSearch=new rule');
      expect((await auditEntries(api, 'textSearch=rule')).map((entry) => entry.entityName)).toEqual(['New rule', 'Old rule']);
      await aged.close();
      aged = await startTestNode(settings);
      const restarted = new ApiClient(aged.baseUrl);
      await restarted.signIn();
      const names = (await auditEntries(restarted, 'textSearch=rule')).map((entry) => entry.entityName);
      expect(names).toEqual(['New rule']);
    } finally {
      await aged.destroy();
    }
  });
});
