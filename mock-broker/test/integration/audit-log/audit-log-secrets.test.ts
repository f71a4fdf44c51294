import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../../../src/http/contract.js';
import { isSecretFieldName } from '../../../src/audit-log/secret-scrubber.js';
import { ApiClient } from '../../support/api/api-client.js';
import { auditEntries, auditEntry } from '../../support/checks/audit-log.js';
import { startMailServer } from '../../support/outside-services/mail-server.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { createSettledUser } from '../../support/api/users.js';
import { saveConnection } from '../../support/api/ws-connections.js';
import { eventually } from '../../support/checks/waits.js';

// Issue 31: "secrets never stored". Every secret-bearing field of the contract is sent (or answered)
// with a value of its own; none of those values may appear in any stored entry or in the CSV export.
let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let node: TestNode;
let admin: ApiClient;

beforeAll(async () => {
  mailServer = await startMailServer();
  node = await startTestNode({ publicUrl: 'https://console.starling.test' });
  admin = new ApiClient(node.baseUrl);
  await admin.signIn();
});
afterAll(async () => {
  await node.destroy();
  await mailServer.close();
});

/** Each secret-bearing field with the values this test gave it (or read from answers). */
const used = new Map<string, string[]>();
function secret(field: string): string {
  const value = `S-${field}-${randomUUID()}`;
  used.set(field, [...(used.get(field) ?? []), value]);
  return value;
}
function answered(field: string, value: unknown): void {
  expect(typeof value, `${field} was answered`).toBe('string');
  used.set(field, [...(used.get(field) ?? []), value as string]);
}

interface SchemaProperty {
  type?: string | string[];
  $ref?: string;
  oneOf?: unknown[];
}

/** The contract's text fields that the scrubber treats as secrets (their schemas' names are kept). */
function secretTextFieldsOfContract(): Set<string> {
  const document = parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { components: { schemas: Record<string, SchemaProperty> } };
  const schemas = document.components.schemas;
  const isText = (property: SchemaProperty): boolean => {
    const referenced = property.$ref ? schemas[property.$ref.split('/').pop() as string] : undefined;
    const type = referenced?.type ?? property.type;
    return type === 'string' || (Array.isArray(type) && type.includes('string'));
  };
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const properties = (value as { properties?: Record<string, SchemaProperty> }).properties ?? {};
    for (const [name, property] of Object.entries(properties)) if (isSecretFieldName(name) && isText(property)) found.add(name);
    Object.values(value).forEach(walk);
  };
  walk(schemas);
  return found;
}

async function saveProvider(type: 'HTTP' | 'JWT', configuration: Record<string, unknown>): Promise<void> {
  const defaults = (await admin.call<{ configuration: Record<string, unknown> }>('GET', `/api/mqtt/auth/provider/type/${type}`)).body;
  await admin.call('POST', '/api/mqtt/auth/provider', { ...defaults, configuration: { ...defaults.configuration, ...configuration } });
}

function linkToken(text: string, parameter: string): string {
  return decodeURIComponent(new RegExp(`${parameter}=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? '');
}

it('keeps no secret of any secret-bearing field of the contract in an entry or in the export', async () => {
  // Sign-ins: the passwords tried and the tokens answered.
  await new ApiClient(node.baseUrl).call('POST', '/api/auth/login', { username: 'sysadmin@starling.local', password: secret('password') });
  const signedIn = await new ApiClient(node.baseUrl).signIn();
  answered('token', signedIn.token);
  answered('refreshToken', signedIn.refreshToken);

  // Users: a password given, a one-time password answered, a password changed, reset and activated.
  await admin.call('POST', '/api/admin', { email: 'given@example.com', password: secret('password') });
  const oneTime = await admin.call<{ initialPassword?: string }>('POST', '/api/admin', { email: 'one-time@example.com' });
  answered('initialPassword', oneTime.body.initialPassword);
  await createSettledUser(admin, 'changer@example.com', 'changer-secret');
  const changer = new ApiClient(node.baseUrl);
  await changer.signIn('changer@example.com', 'changer-secret');
  await changer.call('POST', '/api/auth/changePassword', { currentPassword: 'changer-secret', newPassword: secret('newPassword') });
  await changer.call('POST', '/api/auth/changePassword', { currentPassword: secret('currentPassword'), newPassword: 'never-set-1' });

  await admin.call('POST', '/api/admin/settings', {
    key: 'mail',
    jsonValue: { mailFrom: 'Starling <s@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false, username: 'mailer', password: secret('password') },
  });
  await admin.call('POST', '/api/admin/settings', { key: 'mail', jsonValue: { mailFrom: 'Starling <s@starling.test>', smtpProtocol: 'smtp', smtpHost: '127.0.0.1', smtpPort: mailServer.port, timeout: 5000, enableTls: false } });
  await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPasswordByEmail', { email: 'changer@example.com' });
  const resetToken = linkToken((await mailServer.nextMail()).text, 'resetToken');
  answered('resetToken', resetToken);
  await new ApiClient(node.baseUrl).call('POST', '/api/noauth/resetPassword', { resetToken, password: secret('password') });
  const invited = await admin.call<{ id: string }>('POST', '/api/admin?sendActivationMail=true', { email: 'invited@example.com' });
  expect(invited.status).toBe(200);
  const activateToken = linkToken((await mailServer.nextMail()).text, 'activateToken');
  answered('activateToken', activateToken);
  await new ApiClient(node.baseUrl).call('POST', '/api/noauth/activate', { activateToken, password: secret('password') });
  await new ApiClient(node.baseUrl).call('POST', `/api/noauth/activateByEmailCode?emailCode=${secret('emailCode')}`);

  // Client credentials: MQTT_BASIC and SCRAM passwords (inside credentialsValue), SCRAM's derived keys, a password change.
  const basicValue = JSON.stringify({ clientId: 'secret-device', userName: 'secret-device', password: secret('password'), authRules: { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] } });
  used.set('credentialsValue', [basicValue]);
  const basic = await admin.call<{ id: string }>('POST', '/api/mqtt/client/credentials', { name: 'Basic', clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', credentialsValue: basicValue });
  expect(basic.status).toBe(200);
  await admin.call('POST', `/api/mqtt/client/credentials/${basic.body.id}`, { currentPassword: null, newPassword: secret('newPassword') });
  await admin.call('POST', `/api/mqtt/client/credentials/${basic.body.id}`, { currentPassword: secret('currentPassword'), newPassword: 'other-pass' });
  const scram = await admin.call<{ id: string; credentialsValue: string }>('POST', '/api/mqtt/client/credentials', {
    name: 'Scram',
    clientType: 'DEVICE',
    credentialsType: 'SCRAM',
    credentialsValue: JSON.stringify({ userName: 'scram-user', algorithm: 'SHA_256', password: secret('password') }),
  });
  expect(scram.status).toBe(200);
  const derived = JSON.parse(scram.body.credentialsValue) as Record<string, unknown>;
  for (const field of ['salt', 'serverKey', 'storedKey']) answered(field, derived[field]);

  // Authentication providers: outgoing credentials (basic, cert.PEM), an HMAC secret, headers, a token checked.
  await saveProvider('HTTP', { restEndpointUrl: 'http://127.0.0.1:1/auth', credentials: { type: 'basic', username: 'auth', password: secret('password') }, headers: { Authorization: `Bearer ${secret('authorization')}` } });
  await saveProvider('JWT', {
    jwtVerifierConfiguration: { jwtVerifierType: 'JWKS', endpoint: 'http://127.0.0.1:1/jwks', credentials: { type: 'cert.PEM', privateKey: secret('privateKey'), privateKeyFileName: secret('privateKeyFileName'), privateKeyPassword: secret('privateKeyPassword') } },
  });
  const hmac = { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret: secret('secret') } };
  await saveProvider('JWT', { jwtVerifierConfiguration: hmac });
  await admin.call('POST', '/api/mqtt/auth/provider/jwt/check', { configuration: { type: 'JWT', jwtVerifierConfiguration: hmac }, token: secret('token') });

  // The web-socket client's own password, and integrations' credentials and headers.
  await saveConnection(admin, 'Secret connection', { password: secret('password') });
  for (const [name, credentials] of [
    ['Basic target', { type: 'basic', username: 'target', password: secret('password') }],
    ['Certificate target', { type: 'cert.PEM', privateKey: secret('privateKey'), privateKeyFileName: secret('privateKeyFileName'), privateKeyPassword: secret('privateKeyPassword') }],
  ] as const) {
    await admin.call('POST', '/api/integration', {
      name,
      type: 'HTTP',
      enabled: false,
      configuration: { topicFilters: ['s/#'], clientConfiguration: { restEndpointUrl: 'http://127.0.0.1:1/in', credentials, headers: { 'X-Api-Key': secret('apiKey') } } },
    });
  }

  const sent = [...used.keys()];
  for (const field of secretTextFieldsOfContract()) expect(sent, `the contract's secret field ${field} is exercised`).toContain(field);

  // Entries for the calls above exist (a scrubber that dropped them would pass the check below).
  await auditEntry(admin, 'entityTypeList=INTEGRATION&actionTypeList=ADDED', (entry) => entry.entityName === 'Certificate target');
  const stored = await eventually(async () => {
    const entries = await auditEntries(admin);
    expect(entries.filter((entry) => entry.entityType === 'WS_CONNECTION')).toHaveLength(1);
    return JSON.stringify(entries);
  });
  expect(stored).toContain('[secret]');
  const exported = await fetch(`${node.baseUrl}/api/audit-log/export`, { headers: { 'X-Authorization': `Bearer ${admin.token ?? ''}` } });
  const csv = await exported.text();
  expect(csv.split('\r\n').length).toBeGreaterThan(20);
  for (const [field, values] of used) {
    for (const value of values) {
      // credentialsValue is kept, its password left out: its JSON text as sent is not.
      expect(stored.includes(value), `${field} ${value} in an entry`).toBe(false);
      expect(csv.includes(value), `${field} ${value} in the export`).toBe(false);
    }
  }
});
