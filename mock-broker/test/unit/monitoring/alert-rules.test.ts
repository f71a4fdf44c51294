import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlertEvaluator } from '../../../src/alerts/alert-evaluator.js';
import { AlertNotifier } from '../../../src/alerts/alert-notifier.js';
import { AlertRepository } from '../../../src/alerts/alert-repository.js';
import { AlertRuleRepository } from '../../../src/alerts/alert-rule-repository.js';
import { AlertRuleService, MAX_ALERT_RULES } from '../../../src/alerts/alert-rule-service.js';
import type { AlertRuleSave } from '../../../src/alerts/alert-rule.js';
import type { ApiError } from '../../../src/http/api-error.js';
import { MailService } from '../../../src/mail/mail-service.js';
import { MailSettingsStore } from '../../../src/mail/mail-settings.js';
import type { Sample } from '../../../src/monitoring/sample-feed.js';
import { INTEGRATION_KEYS } from '../../../src/monitoring/timeseries-keys.js';
import { SettingsRepository } from '../../../src/settings/settings-repository.js';
import { UserRepository } from '../../../src/users/user-repository.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { openTemporaryDatabase } from '../../support/node/temporary-database.js';

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const NODE = 'node-a';
const INTEGRATION = 'b3c1a6f0-integration';

let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let store: ReturnType<typeof openTemporaryDatabase>;
let rules: AlertRuleService;
let evaluator: AlertEvaluator;
let notifier: AlertNotifier;
let alerts: AlertRepository;
let mailSettings: MailSettingsStore;

beforeAll(async () => {
  mailServer = await startMailServer();
});
afterAll(() => mailServer.close());

beforeEach(() => {
  store = openTemporaryDatabase();
  const users = new UserRepository(store.database);
  users.create({ email: 'first@example.com', authority: 'SYS_ADMIN', passwordHash: null });
  users.create({ email: 'zweite@example.com', authority: 'SYS_ADMIN', passwordHash: null, additionalInfo: { lang: 'de_DE' } });
  mailSettings = new MailSettingsStore(new SettingsRepository(store.database));
  mailSettings.save({ mailFrom: 'Starling <alerts@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false });
  alerts = new AlertRepository(store.database);
  const ruleRepository = new AlertRuleRepository(store.database);
  notifier = new AlertNotifier(new MailService(mailSettings), users, alerts, 'https://console.starling.test/monitoring');
  evaluator = new AlertEvaluator(ruleRepository, alerts, notifier);
  rules = new AlertRuleService(ruleRepository, evaluator, (key) => (INTEGRATION_KEYS.has(key) ? [INTEGRATION] : ['total', NODE]));
});
afterEach(async () => {
  await notifier.close();
  store.destroy();
  mailServer.mails.length = 0;
});

function rule(changes: Partial<AlertRuleSave> = {}): AlertRuleSave {
  return { name: 'Busy', key: 'incomingMsgs', entityId: 'total', operator: 'GREATER', threshold: 10, durationSec: 2, recipients: ['ops@example.com'], enabled: true, ...changes };
}

/** One sample of incomingMsgs at T0 + seconds. */
function sample(seconds: number, value: number, entityId = 'total'): Sample {
  return { ts: T0 + seconds * 1000, entityId, values: { incomingMsgs: value } };
}

function feed(...samples: Sample[]): void {
  for (const each of samples) evaluator.onSample(each);
}

const statusesOf = () => alerts.page({ pageSize: 100, page: 0, statuses: [] }).data.map((alert) => alert.status);

function refusal(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('alert evaluation', () => {
  it('fires only once the metric stayed beyond the threshold for the whole duration, once, and resolves when it is back', async () => {
    rules.save(rule());
    feed(sample(0, 11), sample(1, 50), sample(2, 10));
    // Exactly the threshold is within: the run starts again.
    feed(sample(3, 11), sample(4, 12));
    expect(statusesOf()).toEqual([]);
    feed(sample(5, 13), sample(6, 14), sample(7, 15));
    const [fired] = alerts.page({ pageSize: 10, page: 0, statuses: ['ACTIVE'] }).data;
    expect(fired).toMatchObject({ ruleName: 'Busy', value: 13, startTs: T0 + 5000, status: 'ACTIVE' });
    expect(statusesOf()).toEqual(['ACTIVE']);

    const firedMail = await mailServer.nextMail();
    expect(firedMail.to).toEqual(['ops@example.com']);
    expect(firedMail.text).toContain('Subject: Starling alert: Busy');
    expect(firedMail.text).toContain('Metric: Incoming messages');
    expect(firedMail.text).toContain('Node: all nodes (total)');
    expect(firedMail.text).toContain('Condition: > 10');
    expect(firedMail.text).toContain('Value when fired: 13');
    expect(firedMail.text).toContain('https://console.starling.test/monitoring');
    await notifier.idle();
    expect(alerts.page({ pageSize: 10, page: 0, statuses: [] }).data[0]).toMatchObject({ mailSent: true });

    feed(sample(8, 3));
    expect(alerts.page({ pageSize: 10, page: 0, statuses: ['RESOLVED'] }).data[0]).toMatchObject({ status: 'RESOLVED', endTs: T0 + 8000, value: 13 });
    expect((await mailServer.nextMail()).text).toContain('Subject: Starling alert resolved: Busy');
  });

  it('watches its own entity and metric, below the threshold with LESS, and fires at the first sample with duration 0', () => {
    rules.save(rule({ name: 'Quiet node', entityId: NODE, operator: 'LESS', threshold: 5, durationSec: 0 }));
    feed(sample(0, 1, 'total'), { ts: T0, entityId: NODE, values: { sessions: 0 } });
    expect(statusesOf()).toEqual([]);
    feed(sample(1, 4, NODE));
    expect(statusesOf()).toEqual(['ACTIVE']);
  });

  it('mails every administrator in their language when the rule names nobody', async () => {
    rules.save(rule({ recipients: [], durationSec: 0, name: 'Für alle' }));
    feed(sample(0, 99));
    const mails = [await mailServer.nextMail(), await mailServer.nextMail()];
    const english = mails.find((mail) => mail.to.includes('first@example.com'));
    const german = mails.find((mail) => mail.to.includes('zweite@example.com'));
    expect(english?.text).toContain('Metric: Incoming messages');
    expect(german?.text).toContain('Metrik: Eingehende Nachrichten');
    expect(german?.text).toContain('Knoten: alle Knoten (gesamt)');
  });

  it('keeps the alert and records why when the mail server refuses', async () => {
    mailSettings.save({ ...mailSettings.current(), smtpPort: 1 });
    rules.save(rule({ durationSec: 0 }));
    feed(sample(0, 99));
    await notifier.idle();
    const [alert] = alerts.page({ pageSize: 10, page: 0, statuses: [] }).data;
    expect(alert).toMatchObject({ status: 'ACTIVE', mailSent: false });
    expect(alert?.mailError).toContain('The mail server 127.0.0.1:1 did not take the mail');
  });

  it('resolves an active alert when an edit changes the condition or disables the rule, not when it renames it', () => {
    const saved = rules.save(rule({ durationSec: 0 }));
    feed(sample(0, 99));
    rules.save({ ...rule({ durationSec: 0 }), id: saved.id, name: 'Renamed', recipients: [] });
    expect(statusesOf()).toEqual(['ACTIVE']);
    rules.save({ ...rule({ durationSec: 0 }), id: saved.id, threshold: 50 }, T0 + 1000);
    expect(statusesOf()).toEqual(['RESOLVED']);
    feed(sample(2, 99));
    expect(statusesOf()).toEqual(['ACTIVE', 'RESOLVED']);
    rules.save({ ...rule({ durationSec: 0 }), id: saved.id, threshold: 50, enabled: false }, T0 + 3000);
    expect(statusesOf()).toEqual(['RESOLVED', 'RESOLVED']);
    // Disabled: not checked at all.
    feed(sample(4, 99), sample(5, 99));
    expect(statusesOf()).toEqual(['RESOLVED', 'RESOLVED']);
  });

  it('resolves the active alert of a deleted rule and keeps its history', () => {
    const saved = rules.save(rule({ durationSec: 0 }));
    feed(sample(0, 99));
    rules.delete(saved.id, T0 + 5000);
    expect(alerts.page({ pageSize: 10, page: 0, statuses: [] }).data).toEqual([expect.objectContaining({ ruleId: saved.id, status: 'RESOLVED', endTs: T0 + 5000 })]);
    expect(rules.list()).toEqual([]);
  });

  it('prunes resolved alerts older than the retention, never active ones', () => {
    const first = rules.save(rule({ durationSec: 0 }));
    rules.save(rule({ durationSec: 0, name: 'Second', threshold: 50 }));
    feed(sample(0, 99), sample(1, 20));
    expect(statusesOf().sort()).toEqual(['ACTIVE', 'RESOLVED']);
    alerts.prune(T0 + 2000, 100);
    expect(alerts.page({ pageSize: 10, page: 0, statuses: [] }).data).toEqual([expect.objectContaining({ ruleId: first.id, status: 'ACTIVE' })]);
  });
});

describe('alert rule bounds', () => {
  it('refuses a blank name, an unknown entity and a name another rule holds in any case', () => {
    expect(refusal(() => rules.save(rule({ name: '  ' })))).toMatchObject({ status: 400, message: expect.stringMatching(/^body\.name/) });
    expect(refusal(() => rules.save(rule({ entityId: 'elsewhere' })))).toMatchObject({ status: 400, message: expect.stringMatching(/^body\.entityId/) });
    rules.save(rule());
    expect(refusal(() => rules.save(rule({ name: ' BUSY ' })))).toMatchObject({ status: 409, message: expect.stringMatching(/^body\.name/) });
    expect(refusal(() => rules.save({ ...rule(), id: 'missing' }))).toMatchObject({ status: 404 });
  });

  it("refuses an entity that is not sampled with the rule's key: an integration's counters under a node, a node's under an integration", () => {
    expect(refusal(() => rules.save(rule({ key: 'integrationDropped', entityId: NODE })))).toMatchObject({ status: 400, message: expect.stringMatching(/^body\.entityId must be an integration id for key integrationDropped/) });
    expect(refusal(() => rules.save(rule({ key: 'integrationBacklog', entityId: 'total' })))).toMatchObject({ status: 400 });
    expect(refusal(() => rules.save(rule({ key: 'sessions', entityId: INTEGRATION })))).toMatchObject({ status: 400, message: expect.stringMatching(/^body\.entityId must be total or a node id for key sessions/) });
    const watching = rules.save(rule({ key: 'integrationDropped', entityId: INTEGRATION }));
    // Changing only the key of a saved rule is checked too: the entity it keeps must suit the new key.
    expect(refusal(() => rules.save({ ...rule({ key: 'incomingMsgs', entityId: INTEGRATION }), id: watching.id }))).toMatchObject({ status: 400 });
    expect(rules.get(watching.id).key).toBe('integrationDropped');
  });

  it(`keeps at most ${MAX_ALERT_RULES} rules, recipients once each`, () => {
    for (let index = 0; index < MAX_ALERT_RULES; index += 1) rules.save(rule({ name: `Rule ${index}` }));
    expect(refusal(() => rules.save(rule({ name: 'One more' })))).toMatchObject({ status: 409 });
    const [first] = rules.list();
    const edited = rules.save({ ...rule(), id: first?.id, name: first?.name ?? '', recipients: ['a@example.com', 'A@example.com ', 'b@example.com'] });
    expect(edited.recipients).toEqual(['a@example.com', 'b@example.com']);
  });
});
