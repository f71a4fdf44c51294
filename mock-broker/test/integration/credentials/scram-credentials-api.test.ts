import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { Contract, CONTRACT_FILE, describeErrors } from '../../../src/http/contract.js';
import { recordedExchanges } from '../../contract/tbmq-recordings.js';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials, valueOf, type SavedCredentials } from '../../support/api/client-credentials.js';

/**
 * SCRAM client credentials over the API (issue 27): saved with a password and an algorithm, kept
 * as RFC 5802 section 3 has a server keep them (salt, StoredKey, ServerKey; never the password) and
 * answered as TBMQ 2.3 answers them.
 */
const suite = useBrokerSuite();
let api: ApiClient;

beforeAll(async () => {
  api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
});

const contract = Contract.load();

/** The contract's ScramCredentialsValue, which the answer's credentialsValue (a JSON string) holds. */
const validateScramValue = (() => {
  const document = parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as { components: unknown };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat('linear-regex', true);
  ajv.addSchema({ $id: 'components.json', components: document.components });
  const validate = ajv.getSchema('components.json#/components/schemas/ScramCredentialsValue');
  if (!validate) throw new Error('openapi.yaml has no ScramCredentialsValue');
  return validate;
})();

/** What the contract finds wrong with an answer to a call: its envelope, then its credentialsValue. */
function contractProblems(method: string, requestPath: string, body: SavedCredentials): string {
  const validateAnswer = contract.match(method, requestPath)?.operation.responses.get('200');
  if (!validateAnswer) throw new Error(`the contract has no 200 answer for ${method} ${requestPath}`);
  if (!validateAnswer(body)) return describeErrors('answer', validateAnswer.errors);
  return validateScramValue(valueOf(body)) ? '' : describeErrors('answer.credentialsValue', validateScramValue.errors);
}

interface ScramValue {
  userName: string;
  algorithm: 'SHA_256' | 'SHA_512';
  salt: string;
  storedKey: string;
  serverKey: string;
}

/** RFC 5802 section 3, worked out here apart from the broker: SaltedPassword, then StoredKey and ServerKey. */
function rfc5802Keys(algorithm: 'SHA_256' | 'SHA_512', password: string, salt: Buffer, iterations: number) {
  const hash = algorithm === 'SHA_256' ? 'sha256' : 'sha512';
  const salted = pbkdf2Sync(password, salt, iterations, algorithm === 'SHA_256' ? 32 : 64, hash);
  const clientKey = createHmac(hash, salted).update('Client Key').digest();
  return { storedKey: createHash(hash).update(clientKey).digest().toString('base64'), serverKey: createHmac(hash, salted).update('Server Key').digest().toString('base64') };
}

interface ErrorAnswer {
  status: number;
  errorCode: number;
  message: string;
}

const saveScram = (name: string, value: Record<string, unknown>, id?: string) => saveCredentials(api, { ...(id ? { id } : {}), name, credentialsType: 'SCRAM', value });

const postScram = (value: unknown, id?: string) =>
  api.call<ErrorAnswer>('POST', '/api/mqtt/client/credentials', {
    ...(id ? { id } : {}),
    name: 'Refused SCRAM',
    clientType: 'DEVICE',
    credentialsType: 'SCRAM',
    credentialsValue: JSON.stringify(value),
  });

const scramValueOf = (saved: SavedCredentials) => valueOf(saved) as unknown as ScramValue;

describe('SCRAM client credentials API', () => {
  // First in the file: the node is fresh.
  it('starts without SCRAM credentials in the home config', async () => {
    expect((await api.call('GET', '/api/app/config')).body).toMatchObject({ existsScramCredentials: false });
  });

  it.each([
    ['SHA_256', 32],
    ['SHA_512', 64],
  ] as const)('creates %s credentials: a 16-byte salt and %i-byte keys that are RFC 5802’s of the password, which is never answered', async (algorithm, keyBytes) => {
    const password = `scram-pw-${randomBytes(6).toString('hex')}`;
    const planted = Buffer.alloc(keyBytes).toString('base64');
    // Keys sent along are not taken: the broker derives them itself.
    const saved = await saveScram(`Meter ${algorithm}`, {
      userName: `meter-${algorithm}`,
      password,
      algorithm,
      salt: Buffer.alloc(16).toString('base64'),
      storedKey: planted,
      serverKey: planted,
      authRules: { pubAuthRulePatterns: ['meters/.*'], subAuthRulePatterns: [] },
    });
    expect(contractProblems('POST', '/api/mqtt/client/credentials', saved)).toBe('');
    expect(saved).toMatchObject({ credentialsType: 'SCRAM', clientType: 'DEVICE', additionalInfo: null });
    const value = scramValueOf(saved);
    // TBMQ's answer: these keys in this order, no password and no iteration count.
    expect(Object.keys(value)).toEqual(['userName', 'salt', 'serverKey', 'storedKey', 'algorithm', 'authRules']);
    expect(JSON.stringify(saved)).not.toContain(password);
    const salt = Buffer.from(value.salt, 'base64');
    expect([salt.length, Buffer.from(value.storedKey, 'base64').length, Buffer.from(value.serverKey, 'base64').length]).toEqual([16, keyBytes, keyBytes]);
    expect(salt.equals(Buffer.alloc(16))).toBe(false);
    expect({ storedKey: value.storedKey, serverKey: value.serverKey }).toEqual(rfc5802Keys(algorithm, password, salt, 4096));
    expect(value).toMatchObject({ userName: `meter-${algorithm}`, algorithm, authRules: { pubAuthRulePatterns: ['meters/.*'], subAuthRulePatterns: [] } });

    const readPath = `/api/mqtt/client/credentials/${saved.id}`;
    const read = await api.call<SavedCredentials>('GET', readPath);
    expect(read.status).toBe(200);
    expect(contractProblems('GET', readPath, read.body)).toBe('');
    expect(read.body).toEqual(saved);
  });

  it('reads TBMQ’s recorded SCRAM answers with the same schema', () => {
    const recorded = recordedExchanges().filter((exchange) => exchange.name.includes('scram') && exchange.response.status === 200);
    expect(recorded.map((exchange) => exchange.name)).toEqual(['credentials/getMqttClientCredentials--scram-sha256.json', 'credentials/getMqttClientCredentials--scram-sha512.json']);
    for (const exchange of recorded) expect(contractProblems('GET', exchange.request.path, exchange.response.body as SavedCredentials), exchange.name).toBe('');
  });

  it('keeps no trace of the password in the data directory', async () => {
    const password = `never-stored-${randomBytes(8).toString('hex')}`;
    const userName = `trace-check-${randomBytes(4).toString('hex')}`;
    await saveScram('Trace check', { userName, password, algorithm: 'SHA_256' });
    const files = fs.readdirSync(suite.node.dataDir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(suite.node.dataDir, name)).filter((file) => fs.statSync(file).isFile());
    const contents = Buffer.concat(files.map((file) => fs.readFileSync(file)));
    // The entry is in these bytes (the database file or its write-ahead log), its password is not.
    expect(contents.includes(Buffer.from(userName, 'utf8'))).toBe(true);
    expect(contents.includes(Buffer.from(password, 'utf8'))).toBe(false);
  });

  it.each([
    ['a missing algorithm (as TBMQ refuses)', { userName: 'scram-x', password: 'p' }, 'body.credentialsValue.algorithm is required'],
    ['an unknown algorithm', { userName: 'scram-x', password: 'p', algorithm: 'SHA_1' }, 'body.credentialsValue.algorithm must be one of SHA_256, SHA_512'],
    ['a missing password on create', { userName: 'scram-x', algorithm: 'SHA_256' }, 'body.credentialsValue.password is required'],
    ['a blank user name', { userName: '  ', password: 'p', algorithm: 'SHA_256' }, 'body.credentialsValue.userName is required'],
    ['a password longer than 1024 characters', { userName: 'scram-x', password: 'p'.repeat(1025), algorithm: 'SHA_256' }, 'body.credentialsValue.password must NOT have more than 1024 characters'],
  ])('refuses %s with 400 naming the field', async (_case, value, message) => {
    const answer = await postScram(value);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('refuses a second SCRAM entry with the same user name (409), while an MQTT_BASIC one may share it', async () => {
    await saveScram('First holder', { userName: 'shared-name', password: 'one', algorithm: 'SHA_256' });
    const second = await postScram({ userName: 'shared-name', password: 'two', algorithm: 'SHA_512' });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('body.credentialsValue.userName');
    expect(second.body.message).toContain('"First holder"');
    await saveCredentials(api, { name: 'Basic namesake', value: { userName: 'shared-name', password: 'basic' } });
  });

  it('updates: without a password the salt and keys stay; a new password makes new ones; a new algorithm needs a password', async () => {
    const saved = await saveScram('Rotating SCRAM', { userName: 'rotating-scram', password: 'first', algorithm: 'SHA_256' });
    const original = scramValueOf(saved);
    const renamed = await saveScram('Rotating SCRAM', { userName: 'rotating-scram-2', algorithm: 'SHA_256', authRules: { pubAuthRulePatterns: [], subAuthRulePatterns: ['x/.*'] } }, saved.id);
    expect(scramValueOf(renamed)).toEqual({ ...original, userName: 'rotating-scram-2', authRules: { pubAuthRulePatterns: [], subAuthRulePatterns: ['x/.*'] } });
    // The value as answered, sent back (no password, keys that are ignored): nothing changes.
    const echoed = await saveScram('Rotating SCRAM', { ...scramValueOf(renamed), password: null }, saved.id);
    expect(scramValueOf(echoed)).toEqual(scramValueOf(renamed));

    const changed = scramValueOf(await saveScram('Rotating SCRAM', { userName: 'rotating-scram-2', password: 'second', algorithm: 'SHA_256' }, saved.id));
    expect(changed.salt).not.toBe(original.salt);
    expect({ storedKey: changed.storedKey, serverKey: changed.serverKey }).toEqual(rfc5802Keys('SHA_256', 'second', Buffer.from(changed.salt, 'base64'), 4096));

    const withoutPassword = await postScram({ userName: 'rotating-scram-2', algorithm: 'SHA_512' }, saved.id);
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.message).toContain('body.credentialsValue.password');
    expect(scramValueOf((await api.call<SavedCredentials>('GET', `/api/mqtt/client/credentials/${saved.id}`)).body)).toEqual(changed);
    const sha512 = scramValueOf(await saveScram('Rotating SCRAM', { userName: 'rotating-scram-2', password: 'third', algorithm: 'SHA_512' }, saved.id));
    expect({ storedKey: sha512.storedKey, serverKey: sha512.serverKey }).toEqual(rfc5802Keys('SHA_512', 'third', Buffer.from(sha512.salt, 'base64'), 4096));
  });

  it('has no password to change through the MQTT_BASIC call', async () => {
    const saved = await saveScram('No basic password', { userName: 'no-basic-password', password: 'p', algorithm: 'SHA_256' });
    const answer = await api.call<ErrorAnswer>('POST', `/api/mqtt/client/credentials/${saved.id}`, { currentPassword: 'p', newPassword: 'q' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('only MQTT_BASIC credentials have a password');
  });

  it('lists SCRAM credentials by type, shows them in the home config, and deletes them', async () => {
    const saved = await saveScram('Listed SCRAM', { userName: 'listed-scram', password: 'p', algorithm: 'SHA_512' });
    type Page = { data: SavedCredentials[]; totalElements: number };
    const scram = await api.call<Page>('GET', '/api/v2/mqtt/client/credentials?pageSize=100&page=0&credentialsTypeList=SCRAM');
    expect(scram.status).toBe(200);
    expect(scram.body.data.map((entry) => entry.name)).toContain('Listed SCRAM');
    expect(scram.body.data.every((entry) => entry.credentialsType === 'SCRAM')).toBe(true);
    const basic = await api.call<Page>('GET', '/api/v2/mqtt/client/credentials?pageSize=100&page=0&credentialsTypeList=MQTT_BASIC');
    expect(basic.body.data.map((entry) => entry.name)).not.toContain('Listed SCRAM');
    expect((await api.call('GET', '/api/app/config')).body).toMatchObject({ existsScramCredentials: true });

    expect((await api.call('DELETE', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(200);
    expect((await api.call('GET', `/api/mqtt/client/credentials/${saved.id}`)).status).toBe(404);
    // Its user name is free again.
    await saveScram('Listed SCRAM again', { userName: 'listed-scram', password: 'p', algorithm: 'SHA_256' });
  });
});
