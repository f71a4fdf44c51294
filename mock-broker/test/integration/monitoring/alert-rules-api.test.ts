import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { MqttClients } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually } from '../../support/checks/waits.js';

const PUBLIC_URL = 'https://console.starling.test';

interface AlertView {
  id: string;
  ruleId: string;
  ruleName: string;
  status: 'ACTIVE' | 'RESOLVED';
  value: number;
  startTs: number;
  endTs?: number;
  mailSent: boolean;
  mailError?: string;
}

interface AlertPage {
  data: AlertView[];
  totalElements: number;
  totalPages: number;
  hasNext: boolean;
}

interface ErrorAnswer {
  message: string;
}

let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let node: TestNode;
let admin: ApiClient;

function rule(changes: Record<string, unknown> = {}) {
  return { name: 'Busy broker', key: 'incomingMsgs', entityId: 'total', operator: 'GREATER', threshold: 3, durationSec: 2, recipients: ['ops@example.com'], enabled: true, ...changes };
}

async function saveRule(changes: Record<string, unknown> = {}): Promise<{ id: string }> {
  const saved = await admin.call<{ id: string }>('POST', '/api/monitoring/alert-rule', rule(changes));
  if (saved.status !== 200) throw new Error(`rule not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body;
}

async function alertsOf(ruleId: string, statusList = 'ACTIVE,RESOLVED'): Promise<AlertView[]> {
  const page = await admin.call<AlertPage>('GET', `/api/monitoring/alert?pageSize=100&page=0&statusList=${statusList}`);
  return page.body.data.filter((alert) => alert.ruleId === ruleId);
}

/** Publishes a message every 50 ms (about 20 a second) until stopped. */
function steadyTraffic(client: MqttClient): () => void {
  const timer = setInterval(() => client.publish('alerts/traffic', 'tick'), 50);
  return () => clearInterval(timer);
}

async function startNode(dataDir?: string): Promise<TestNode> {
  return startTestNode({ publicUrl: PUBLIC_URL, sampleIntervalSeconds: 1, ...(dataDir ? { dataDir } : {}) });
}

async function useMailServer(api: ApiClient): Promise<void> {
  const answer = await api.call('POST', '/api/admin/settings', {
    key: 'mail',
    jsonValue: { mailFrom: 'Starling <alerts@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false },
  });
  if (answer.status !== 200) throw new Error(`mail settings not saved: ${answer.status}`);
}

beforeAll(async () => {
  mailServer = await startMailServer();
  node = await startNode();
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
  await useMailServer(admin);
});
afterAll(async () => {
  await node.destroy();
  await mailServer.close();
});

describe('alert rules on real traffic', () => {
  it('fire after the duration of MQTT traffic beyond the threshold, mail the recipients, and resolve when the traffic stops', async () => {
    const clients = new MqttClients(node);
    const { id } = await saveRule();
    const publisher = await clients.connect({ clientId: 'alert-publisher' });
    const publishingSince = Date.now();
    const stop = steadyTraffic(publisher);
    try {
      await eventually(async () => expect(await alertsOf(id, 'ACTIVE')).toHaveLength(1), { timeout: 15_000, interval: 250 });
    } finally {
      stop();
    }
    const [active] = await alertsOf(id);
    // Samples beyond for two seconds: never at the first sample of the traffic.
    expect(active?.startTs).toBeGreaterThanOrEqual(publishingSince + 2000);
    expect(active?.value).toBeGreaterThan(3);

    const fired = await mailServer.nextMail(10_000);
    expect(fired.to).toEqual(['ops@example.com']);
    expect(fired.text).toContain('Subject: Starling alert: Busy broker');
    expect(fired.text).toContain('Metric: Incoming messages');
    expect(fired.text).toContain('Condition: > 3');
    expect(fired.text).toContain(`${PUBLIC_URL}/monitoring`);
    await eventually(async () => expect((await alertsOf(id))[0]?.mailSent).toBe(true));

    await eventually(async () => expect((await alertsOf(id))[0]?.status).toBe('RESOLVED'), { interval: 250 });
    const [resolved] = await alertsOf(id);
    expect(resolved?.endTs).toBeGreaterThan(resolved?.startTs ?? Number.POSITIVE_INFINITY);
    expect((await mailServer.nextMail(10_000)).text).toContain('Subject: Starling alert resolved: Busy broker');
    await clients.closeAll();
    expect((await admin.call('DELETE', `/api/monitoring/alert-rule/${id}`)).status).toBe(200);
  });

  it('page the history newest first and filter it by status', async () => {
    // Always beyond: a node has fewer than a million sessions, so each rule fires at its first sample.
    const first = await saveRule({ name: 'Few sessions A', key: 'sessions', operator: 'LESS', threshold: 1e6, durationSec: 0, recipients: [] });
    const second = await saveRule({ name: 'Few sessions B', key: 'sessions', operator: 'LESS', threshold: 1e6, durationSec: 0, recipients: [] });
    await eventually(async () => expect((await alertsOf(second.id, 'ACTIVE')).length + (await alertsOf(first.id, 'ACTIVE')).length).toBe(2));
    expect((await admin.call('DELETE', `/api/monitoring/alert-rule/${first.id}`)).status).toBe(200);

    const page = await admin.call<AlertPage>('GET', '/api/monitoring/alert?pageSize=1&page=0');
    expect(page.body).toMatchObject({ totalElements: 3, totalPages: 3, hasNext: true });
    const all = await admin.call<AlertPage>('GET', '/api/monitoring/alert?pageSize=10&page=0');
    const starts = all.body.data.map((alert) => alert.startTs);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const active = await admin.call<AlertPage>('GET', '/api/monitoring/alert?pageSize=10&page=0&statusList=ACTIVE');
    expect(active.body.data.map((alert) => alert.ruleName)).toEqual(['Few sessions B']);
    // The deleted rule's alert stays, resolved.
    expect((await alertsOf(first.id, 'RESOLVED')).map((alert) => alert.ruleName)).toEqual(['Few sessions A']);
    // Every administrator got the mails, since the rules named nobody.
    await eventually(() => expect(mailServer.mails.filter((mail) => mail.to.includes('sysadmin@starling.local')).length).toBeGreaterThanOrEqual(3));
    mailServer.mails.length = 0;
    await admin.call('DELETE', `/api/monitoring/alert-rule/${second.id}`);
  });

  it('refuse bad input naming the field, a name another rule holds, and more than 100 rules', async () => {
    const refused = async (body: unknown) => (await admin.call<ErrorAnswer>('POST', '/api/monitoring/alert-rule', body)).body.message;
    expect(await refused(rule({ key: 'temperature' }))).toMatch(/body\.key/);
    expect(await refused(rule({ durationSec: -1 }))).toMatch(/body\.durationSec/);
    expect(await refused(rule({ recipients: ['not-an-address'] }))).toMatch(/body\.recipients/);
    expect(await refused(rule({ entityId: 'no-such-node' }))).toMatch(/^body\.entityId/);
    expect(await refused(rule({ name: '   ' }))).toMatch(/^body\.name/);
    const bad = await admin.call<ErrorAnswer>('GET', '/api/monitoring/alert?pageSize=10&page=0&statusList=FIRING');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/statusList/);
    expect((await admin.call('GET', '/api/monitoring/alert-rule/missing')).status).toBe(404);

    const { id } = await saveRule({ name: 'Unique', entityId: node.config.nodeId });
    const duplicate = await admin.call<ErrorAnswer>('POST', '/api/monitoring/alert-rule', rule({ name: 'UNIQUE' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toMatch(/^body\.name/);
    for (let index = 1; index < 100; index += 1) await saveRule({ name: `Rule ${index}`, enabled: false });
    const beyond = await admin.call('POST', '/api/monitoring/alert-rule', rule({ name: 'One too many' }));
    expect(beyond.status).toBe(409);
    const rules = await admin.call<{ id: string; name: string }[]>('GET', '/api/monitoring/alert-rule');
    expect(rules.body).toHaveLength(100);
    for (const each of rules.body) await admin.call('DELETE', `/api/monitoring/alert-rule/${each.id}`);
    expect((await admin.call('GET', `/api/monitoring/alert-rule/${id}`)).status).toBe(404);
  });
});

/** Resolves once the node has taken `count` more samples of its own (the alert rules hear each). */
function samplesTaken(node: TestNode, count: number): Promise<void> {
  return new Promise((resolve) => {
    let taken = 0;
    const stop = node.samples.subscribe((sample) => {
      if (sample.entityId !== node.config.nodeId || (taken += 1) < count) return;
      stop();
      resolve();
    });
  });
}

describe('alert rules across a restart', () => {
  it('keep their rules and active alerts, without firing again', async () => {
    const restarted = await startNode();
    let api = new ApiClient(restarted.baseUrl);
    let current = restarted;
    try {
      await api.signIn();
      const saved = await api.call<{ id: string }>('POST', '/api/monitoring/alert-rule', rule({ name: 'Few sessions', key: 'sessions', operator: 'LESS', threshold: 1e6, durationSec: 0, recipients: [] }));
      const activeAlerts = async () => (await api.call<AlertPage>('GET', '/api/monitoring/alert?pageSize=10&page=0&statusList=ACTIVE')).body.data;
      await eventually(async () => expect(await activeAlerts()).toHaveLength(1));
      const [before] = await activeAlerts();

      await restarted.close();
      current = await startNode(restarted.dataDir);
      api = new ApiClient(current.baseUrl);
      await api.signIn();
      expect((await api.call(`GET`, `/api/monitoring/alert-rule/${saved.body.id}`)).status).toBe(200);
      // Samples go on beyond the threshold after the restart: the same alert stays the one active.
      await samplesTaken(current, 3);
      expect(await activeAlerts()).toEqual([expect.objectContaining({ id: before?.id, startTs: before?.startTs })]);
    } finally {
      await current.destroy();
    }
  });
});
