import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { auditEntry, auditEntryIds, type AuditEntry } from '../../support/checks/audit-log.js';
import { HttpSink } from '../../support/outside-services/http-sink.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { MqttClients } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { claimsOf, createSettledUser } from '../../support/api/users.js';
import { eventually } from '../../support/checks/waits.js';

// Issue 31 "audit log": each kind of action leaves an entry naming who, when, from where, what and
// how it ended, and the page's filters find it.
const PUBLIC_URL = 'https://console.starling.test';
let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let node: TestNode;
let admin: ApiClient;
let adminId: string;
let clients: MqttClients;
const sink = new HttpSink();

beforeAll(async () => {
  mailServer = await startMailServer();
  await sink.start();
  node = await startTestNode({ publicUrl: PUBLIC_URL });
  clients = new MqttClients(node);
  admin = new ApiClient(node.baseUrl);
  adminId = String(claimsOf((await admin.signIn()).token).userId);
  const mail = await admin.call('POST', '/api/admin/settings', { key: 'mail', jsonValue: mailSettings() });
  expect(mail.status).toBe(200);
});
afterAll(async () => {
  await clients.closeAll();
  await node.destroy();
  await mailServer.close();
  await sink.stop();
});

function mailSettings() {
  return { mailFrom: 'Starling <audit@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false };
}

function alertRule(changes: Record<string, unknown> = {}) {
  return { name: 'Audited rule', key: 'incomingMsgs', entityId: 'total', operator: 'GREATER', threshold: 3, durationSec: 2, recipients: ['ops@example.com'], enabled: true, ...changes };
}

function httpIntegration(name: string) {
  return { name, type: 'HTTP', enabled: true, configuration: { topicFilters: ['audit/#'], clientConfiguration: { restEndpointUrl: sink.url, requestMethod: 'POST' } } };
}

/** Runs the call between two clock readings, and answers them with its answer. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; from: number; to: number }> {
  const from = Date.now();
  const answer = await call();
  return { answer, from, to: Date.now() };
}

/** Who, when and from where: the signed-in administrator, during the call, from this machine. */
function expectMadeBy(entry: AuditEntry, window: { from: number; to: number }, userName = 'sysadmin@starling.local', userId: string | null = adminId): void {
  expect(entry.userName).toBe(userName);
  expect(entry.userId ?? null).toBe(userId);
  expect(entry.address).toBe('127.0.0.1');
  expect(entry.createdTime).toBeGreaterThanOrEqual(window.from);
  expect(entry.createdTime).toBeLessThanOrEqual(window.to);
}

/** The filters the page offers find the entry, and a filter that excludes it does not. */
async function expectFiltersFind(entry: AuditEntry): Promise<void> {
  const by = `entityTypeList=${entry.entityType}&actionTypeList=${entry.actionType}&actionStatus=${entry.actionStatus}`;
  expect(await auditEntryIds(admin, `${by}${entry.userId ? `&userIdList=${entry.userId}` : ''}`)).toContain(entry.id);
  expect(await auditEntryIds(admin, `${by}&startTime=${entry.createdTime}&endTime=${entry.createdTime + 1}`)).toContain(entry.id);
  if (entry.entityName) expect(await auditEntryIds(admin, `textSearch=${encodeURIComponent(entry.entityName.toUpperCase())}`)).toContain(entry.id);
  expect(await auditEntryIds(admin, `${by}&endTime=${entry.createdTime}`)).not.toContain(entry.id);
  expect(await auditEntryIds(admin, `actionStatus=${entry.actionStatus === 'SUCCESS' ? 'FAILURE' : 'SUCCESS'}`)).not.toContain(entry.id);
}

describe('changes to items', () => {
  it('ADDED, UPDATED and DELETED: an alert rule added holds the saved rule, updated its before and after, deleted the removed rule', async () => {
    const added = await timed(() => admin.call<{ id: string }>('POST', '/api/monitoring/alert-rule', alertRule()));
    const id = added.answer.body.id;
    const addition = await auditEntry(admin, 'entityTypeList=ALERT_RULE&actionTypeList=ADDED', (entry) => entry.entityId === id);
    expectMadeBy(addition, added);
    expect(addition).toMatchObject({ entityName: 'Audited rule', actionStatus: 'SUCCESS', actionData: { item: { id, threshold: 3 } } });
    await expectFiltersFind(addition);

    const updated = await timed(() => admin.call('POST', '/api/monitoring/alert-rule', alertRule({ id, threshold: 5 })));
    const update = await auditEntry(admin, 'entityTypeList=ALERT_RULE&actionTypeList=UPDATED', (entry) => entry.entityId === id);
    expectMadeBy(update, updated);
    expect(update.actionData).toMatchObject({ before: { threshold: 3 }, after: { threshold: 5 } });
    await expectFiltersFind(update);

    const deleted = await timed(() => admin.call('DELETE', `/api/monitoring/alert-rule/${id}`));
    const deletion = await auditEntry(admin, 'entityTypeList=ALERT_RULE&actionTypeList=DELETED', (entry) => entry.entityId === id);
    expectMadeBy(deletion, deleted);
    expect(deletion).toMatchObject({ entityName: 'Audited rule', actionData: { item: { id, threshold: 5 } } });
    await expectFiltersFind(deletion);
  });

  it('DISCONNECTED: the client disconnected is named', async () => {
    await clients.connect({ clientId: 'audited-device' });
    const sessionId = await eventually(() => {
      const found = node.mqtt.sessions.get('audited-device')?.sessionId;
      expect(found).toBeDefined();
      return found ?? '';
    });
    const call = await timed(() => admin.call('DELETE', `/api/client-session/disconnect?clientId=audited-device&sessionId=${sessionId}`));
    expect(call.answer.status).toBe(200);
    const entry = await auditEntry(admin, 'entityTypeList=CLIENT_SESSION&actionTypeList=DISCONNECTED', (found) => found.entityId === 'audited-device');
    expectMadeBy(entry, call);
    expect(entry.actionData).toMatchObject({ parameters: { clientId: 'audited-device', sessionId } });
    await expectFiltersFind(entry);
  });

  it('ENABLED and DISABLED: an authentication provider switched, with its state before and after', async () => {
    const providers = await admin.call<{ data: { id: string; type: string; enabled: boolean }[] }>('GET', '/api/mqtt/auth/providers?pageSize=10&page=0');
    const scram = providers.body.data.find((provider) => provider.type === 'SCRAM');
    expect(scram).toBeDefined();
    const id = scram?.id ?? '';
    const disabled = await timed(() => admin.call('POST', `/api/mqtt/auth/provider/${id}/disable`));
    expect(disabled.answer.status).toBe(200);
    const disabling = await auditEntry(admin, 'entityTypeList=MQTT_AUTH_PROVIDER&actionTypeList=DISABLED', (entry) => entry.entityId === id);
    expectMadeBy(disabling, disabled);
    expect(disabling).toMatchObject({ entityName: 'SCRAM', actionData: { after: { enabled: false } } });
    await expectFiltersFind(disabling);

    const enabled = await timed(() => admin.call('POST', `/api/mqtt/auth/provider/${id}/enable`));
    const enabling = await auditEntry(admin, 'entityTypeList=MQTT_AUTH_PROVIDER&actionTypeList=ENABLED', (entry) => entry.entityId === id);
    expectMadeBy(enabling, enabled);
    expect(enabling.actionData).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    await expectFiltersFind(enabling);
  });

  it('RESTARTED, CLEARED and CHECKED: an integration restarted, its events cleared, a target checked', async () => {
    const saved = await admin.call<{ id: string }>('POST', '/api/integration', httpIntegration('Audited integration'));
    expect(saved.status).toBe(200);
    const id = saved.body.id;
    const restarted = await timed(() => admin.call('POST', `/api/integration/${id}`));
    expect(restarted.answer.status).toBe(200);
    const restart = await auditEntry(admin, 'entityTypeList=INTEGRATION&actionTypeList=RESTARTED', (entry) => entry.entityId === id);
    expectMadeBy(restart, restarted);
    expect(restart.entityName).toBe('Audited integration');
    await expectFiltersFind(restart);

    const cleared = await timed(() => admin.call('POST', `/api/events/${id}/clear`, { eventType: 'LC_EVENT' }));
    expect(cleared.answer.status).toBe(200);
    const clearing = await auditEntry(admin, 'entityTypeList=INTEGRATION&actionTypeList=CLEARED', (entry) => entry.entityId === id);
    expectMadeBy(clearing, cleared);
    expect(clearing.actionData).toMatchObject({ body: { eventType: 'LC_EVENT' } });
    await expectFiltersFind(clearing);

    const checked = await timed(() => admin.call('POST', '/api/integration/check', httpIntegration('Checked target')));
    expect(checked.answer.status).toBe(200);
    const check = await auditEntry(admin, 'entityTypeList=INTEGRATION&actionTypeList=CHECKED', (entry) => entry.entityName === 'Checked target');
    expectMadeBy(check, checked);
    await expectFiltersFind(check);
  });

  it('MAIL_SENT: a test mail sent through the real SMTP server', async () => {
    const sent = await timed(() => admin.call('POST', '/api/admin/settings/testMail', { key: 'mail', jsonValue: mailSettings() }));
    expect(sent.answer.status).toBe(200);
    expect((await mailServer.nextMail()).to).toEqual(['sysadmin@starling.local']);
    const entry = await auditEntry(admin, 'entityTypeList=ADMIN_SETTINGS&actionTypeList=MAIL_SENT', (found) => found.createdTime >= sent.from);
    expectMadeBy(entry, sent);
    expect(entry).toMatchObject({ entityId: 'mail', actionStatus: 'SUCCESS' });
    await expectFiltersFind(entry);
  });

  it('a refused call is recorded as FAILURE with its error message', async () => {
    const refused = await timed(() => admin.call<{ message: string }>('POST', '/api/monitoring/alert-rule', alertRule({ name: 'Refused rule', threshold: 'many' })));
    expect(refused.answer.status).toBe(400);
    const entry = await auditEntry(admin, 'entityTypeList=ALERT_RULE&actionStatus=FAILURE', (found) => found.entityName === 'Refused rule');
    expectMadeBy(entry, refused);
    expect(entry).toMatchObject({ actionType: 'ADDED', actionFailureDetails: refused.answer.body.message });
    expect(entry.actionFailureDetails).toContain('threshold');
    await expectFiltersFind(entry);

    // Refused before the call reaches its area (403: this session must change its password first):
    // still recorded, naming the account whose token it carried.
    const created = await admin.call<{ id: string }>('POST', '/api/admin', { email: 'must-change@example.com', password: 'chosen-by-admin-1' });
    const restricted = new ApiClient(node.baseUrl);
    await restricted.signIn('must-change@example.com', 'chosen-by-admin-1');
    const forbidden = await timed(() => restricted.call<{ message: string; errorCode: number }>('POST', '/api/monitoring/alert-rule', alertRule({ name: 'Forbidden rule' })));
    expect(forbidden.answer.body.errorCode).toBe(21);
    const refusal = await auditEntry(admin, `entityTypeList=ALERT_RULE&actionStatus=FAILURE&userIdList=${created.body.id}`);
    expectMadeBy(refusal, forbidden, 'must-change@example.com', created.body.id);
    expect(refusal).toMatchObject({ actionType: 'ADDED', actionFailureDetails: forbidden.answer.body.message });
    // A body sent to a call refused at authentication is never read, so nothing of it is kept.
    expect(refusal.entityName).toBeUndefined();

    const missing = '3f1e2d4c-5b6a-4789-8abc-def012345678';
    const notFound = await timed(() => admin.call<{ message: string }>('DELETE', `/api/integration/${missing}`));
    expect(notFound.answer.status).toBe(404);
    const deletion = await auditEntry(admin, 'entityTypeList=INTEGRATION&actionTypeList=DELETED&actionStatus=FAILURE', (found) => found.entityId === missing);
    expect(deletion.actionFailureDetails).toBe(notFound.answer.body.message);
  });
});

describe('sign-ins and accounts', () => {
  it('LOGIN: a sign-in succeeded names the user; a failed one the e-mail tried, with the user when one has it', async () => {
    await createSettledUser(admin, 'signing@example.com', 'signing-secret');
    const user = new ApiClient(node.baseUrl);
    const signedIn = await timed(() => user.signIn('signing@example.com', 'signing-secret'));
    const userId = String(claimsOf(signedIn.answer.token).userId);
    const success = await auditEntry(admin, `entityTypeList=USER&actionTypeList=LOGIN&actionStatus=SUCCESS&userIdList=${userId}`, (entry) => entry.createdTime >= signedIn.from);
    expectMadeBy(success, signedIn, 'signing@example.com', userId);
    expect(success).toMatchObject({ entityId: userId, entityName: 'signing@example.com' });
    await expectFiltersFind(success);

    const wrong = await timed(() => user.call('POST', '/api/auth/login', { username: 'signing@example.com', password: 'not-it' }));
    expect(wrong.answer.status).toBe(401);
    const failure = await auditEntry(admin, `actionTypeList=LOGIN&actionStatus=FAILURE&userIdList=${userId}`);
    expectMadeBy(failure, wrong, 'signing@example.com', userId);
    expect(failure.actionFailureDetails).toBe('Invalid username or password');
    await expectFiltersFind(failure);

    const stranger = await timed(() => user.call('POST', '/api/auth/login', { username: 'nobody-known@example.com', password: 'guess' }));
    const unknown = await auditEntry(admin, 'actionTypeList=LOGIN&actionStatus=FAILURE&textSearch=nobody-known', () => true);
    expectMadeBy(unknown, stranger, 'nobody-known@example.com', null);
  });

  it('LOGIN_AS_USER and PASSWORD_CHANGED: an administrator signs in as a user, who then changes the password', async () => {
    const { id } = await createSettledUser(admin, 'impersonated@example.com', 'own-secret');
    const asUser = await timed(() => admin.call<{ token: string }>('GET', `/api/admin/user/${id}/token`));
    expect(asUser.answer.status).toBe(200);
    const entry = await auditEntry(admin, 'entityTypeList=USER&actionTypeList=LOGIN_AS_USER', (found) => found.entityId === id);
    expectMadeBy(entry, asUser);
    expect(entry.entityName).toBe('impersonated@example.com');
    await expectFiltersFind(entry);

    const user = new ApiClient(node.baseUrl);
    await user.signIn('impersonated@example.com', 'own-secret');
    const changed = await timed(() => user.call('POST', '/api/auth/changePassword', { currentPassword: 'own-secret', newPassword: 'newer-secret' }));
    expect(changed.answer.status).toBe(200);
    const change = await auditEntry(admin, `actionTypeList=PASSWORD_CHANGED&userIdList=${id}`, (found) => found.createdTime >= changed.from);
    expectMadeBy(change, changed, 'impersonated@example.com', id);
    expect(change).toMatchObject({ entityType: 'USER', entityId: id, entityName: 'impersonated@example.com' });
    await expectFiltersFind(change);
  });

  it('PASSWORD_RESET: the reset mail asked for and the password reset through its link', async () => {
    const { id } = await createSettledUser(admin, 'forgetful@example.com', 'forgotten-secret');
    const anonymous = new ApiClient(node.baseUrl);
    const asked = await timed(() => anonymous.call('POST', '/api/noauth/resetPasswordByEmail', { email: 'forgetful@example.com' }));
    expect(asked.answer.status).toBe(200);
    const request = await auditEntry(admin, `entityTypeList=USER&actionTypeList=MAIL_SENT&userIdList=${id}`);
    expectMadeBy(request, asked, 'forgetful@example.com', id);
    const mail = await mailServer.nextMail();
    const resetToken = decodeURIComponent(/resetToken=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] ?? '');
    const reset = await timed(() => anonymous.call('POST', '/api/noauth/resetPassword', { resetToken, password: 'remembered-secret' }));
    expect(reset.answer.status).toBe(200);
    const entry = await auditEntry(admin, `entityTypeList=USER&actionTypeList=PASSWORD_RESET&userIdList=${id}`);
    expectMadeBy(entry, reset, 'forgetful@example.com', id);
    expect(entry).toMatchObject({ entityId: id, actionStatus: 'SUCCESS' });
    await expectFiltersFind(entry);
  });

  it('ACTIVATED: an invited user sets a password through the activation link', async () => {
    const created = await admin.call<{ id: string }>('POST', '/api/admin?sendActivationMail=true', { email: 'invited@example.com' });
    expect(created.status).toBe(200);
    const invitation = await mailServer.nextMail();
    const activateToken = decodeURIComponent(/activateToken=([A-Za-z0-9_%-]+)/.exec(invitation.text)?.[1] ?? '');
    const activated = await timed(() => new ApiClient(node.baseUrl).call('POST', '/api/noauth/activate', { activateToken, password: 'chosen-secret' }));
    expect(activated.answer.status).toBe(200);
    await mailServer.nextMail();
    const id = created.body.id;
    const entry = await auditEntry(admin, `entityTypeList=USER&actionTypeList=ACTIVATED&userIdList=${id}`);
    expectMadeBy(entry, activated, 'invited@example.com', id);
    expect(entry.entityId).toBe(id);
    await expectFiltersFind(entry);
    const addition = await auditEntry(admin, 'entityTypeList=USER&actionTypeList=ADDED', (found) => found.entityId === id);
    expect(addition).toMatchObject({ entityName: 'invited@example.com', userId: adminId });
  });
});
