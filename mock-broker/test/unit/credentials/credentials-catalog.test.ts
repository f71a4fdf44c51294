import { describe, expect, it } from 'vitest';
import { allTopics, type BasicCredentials, type ScramCredentials, type X509Credentials } from '../../../src/credentials/client-credentials.js';
import { secretStampOf } from '../../../src/credentials/credentials-access.js';
import { CredentialsCatalog, credentialsMatch, rulesFor } from '../../../src/credentials/credentials-catalog.js';
import { parseCredentialsValue } from '../../../src/credentials/credentials-value.js';

const basic = (id: string, clientId: string | null, userName: string | null): BasicCredentials => ({
  id,
  createdTime: 1,
  name: id,
  clientType: 'DEVICE',
  description: undefined,
  credentialsType: 'MQTT_BASIC',
  clientId,
  userName,
  passwordHash: null,
  authRules: allTopics(),
});

const x509 = (id: string, certCnPattern: string, certCnIsRegex: boolean, createdTime = 1): X509Credentials => ({
  id,
  createdTime,
  name: id,
  clientType: 'APPLICATION',
  description: undefined,
  credentialsType: 'X_509',
  certCnPattern,
  certCnIsRegex,
  authRulesMapping: { 'cam-.*': { pubAuthRulePatterns: ['video/.*'], subAuthRulePatterns: [] }, '.*': { pubAuthRulePatterns: ['status/.*'], subAuthRulePatterns: ['cmd/.*'] } },
});

describe('credentials catalog', () => {
  const catalog = new CredentialsCatalog([basic('both', 'c1', 'u1'), basic('user', null, 'u1'), basic('client', 'c1', null), x509('regex', 'cam-\\d+', true), x509('literal', 'cam-1', false, 2)]);
  const find = (clientId: string, username?: string, certificateCommonName?: string) => catalog.find({ clientId, username, certificateCommonName })?.id;

  it('prefers client id and user name together, then user name, then client id', () => {
    expect(find('c1', 'u1')).toBe('both');
    expect(find('c2', 'u1')).toBe('user');
    expect(find('c1', 'u2')).toBe('client');
    expect(find('c1')).toBe('client');
    expect(find('c2', 'u2')).toBeUndefined();
  });

  it('prefers a literal common name to a pattern, and falls back to MQTT_BASIC without a matching certificate', () => {
    expect(find('any', undefined, 'cam-1')).toBe('literal');
    expect(find('any', undefined, 'cam-22')).toBe('regex');
    expect(find('c1', undefined, 'door-1')).toBe('client');
  });

  it('grants X_509 clients the rules of every mapping entry matching the common name', () => {
    const credentials = catalog.get('regex');
    if (!credentials) throw new Error('missing');
    expect(rulesFor(credentials, { clientId: 'x', username: undefined, certificateCommonName: 'cam-3' })).toEqual({
      pubAuthRulePatterns: ['video/.*', 'status/.*'],
      subAuthRulePatterns: ['cmd/.*'],
    });
  });

  it('forgets removed entries', () => {
    const small = new CredentialsCatalog([basic('gone', 'c9', null)]);
    small.remove('gone');
    expect(small.find({ clientId: 'c9', username: undefined, certificateCommonName: undefined })).toBeUndefined();
    expect(small.size).toBe(0);
  });
});

const scram = (id: string, userName: string, storedKey = Buffer.alloc(32, 1)): ScramCredentials => ({
  id,
  createdTime: 1,
  name: id,
  clientType: 'DEVICE',
  description: undefined,
  credentialsType: 'SCRAM',
  userName,
  algorithm: 'SHA_256',
  salt: Buffer.alloc(16, 2),
  iterations: 4096,
  storedKey,
  serverKey: Buffer.alloc(32, 3),
  authRules: { pubAuthRulePatterns: ['scram/.*'], subAuthRulePatterns: [] },
});

describe('SCRAM credentials in the catalog', () => {
  const identity = { clientId: 'c1', username: 'scram-user', certificateCommonName: undefined };

  it('are found by their user name only through the SCRAM index, never by find()', () => {
    const catalog = new CredentialsCatalog([scram('s1', 'scram-user')]);
    expect(catalog.scramWithUserName('scram-user')?.id).toBe('s1');
    expect(catalog.find(identity)).toBeUndefined();
    expect(catalog.basicCandidates(identity, 'CLIENT_ID_AND_USERNAME')).toEqual([]);
    catalog.put(basic('b1', null, 'scram-user'));
    expect(catalog.find(identity)?.id).toBe('b1');
    expect(catalog.scramWithUserName('scram-user')?.id).toBe('s1');
  });

  it('follow a renamed user name and forget a removed entry', () => {
    const catalog = new CredentialsCatalog([scram('s1', 'old-name')]);
    catalog.put(scram('s1', 'new-name'));
    expect([catalog.scramWithUserName('old-name'), catalog.scramWithUserName('new-name')?.id]).toEqual([undefined, 's1']);
    catalog.remove('s1');
    expect([catalog.scramWithUserName('new-name'), catalog.size]).toEqual([undefined, 0]);
  });

  it('match whoever the exchange admitted, grant their own rules, and stamp the user name with StoredKey', () => {
    const credentials = scram('s1', 'scram-user');
    expect(credentialsMatch(credentials, { ...identity, username: 'someone-else' })).toBe(true);
    expect(rulesFor(credentials, identity)).toEqual({ pubAuthRulePatterns: ['scram/.*'], subAuthRulePatterns: [] });
    const stamp = secretStampOf(credentials);
    expect(secretStampOf(scram('s1', 'scram-user'))).toBe(stamp);
    expect(secretStampOf(scram('s1', 'scram-user', Buffer.alloc(32, 9)))).not.toBe(stamp);
    expect(secretStampOf(scram('s1', 'renamed'))).not.toBe(stamp);
  });
});

describe('credentials value', () => {
  it('trims rule patterns and drops blanks and repeats, as typed into the chip input', () => {
    const value = parseCredentialsValue('MQTT_BASIC', JSON.stringify({ userName: 'u', authRules: { pubAuthRulePatterns: [' a/.* ', 'a/.*', ''], subAuthRulePatterns: [] } }));
    expect(value).toMatchObject({ authRules: { pubAuthRulePatterns: ['a/.*'], subAuthRulePatterns: [] } });
  });

  it('reads a SCRAM value without the salt and keys a client sends along', () => {
    const value = parseCredentialsValue('SCRAM', JSON.stringify({ userName: 'u', password: 'p', algorithm: 'SHA_512', salt: 'AAAA', storedKey: 'AAAA', serverKey: 'AAAA' }));
    expect(value).toEqual({ credentialsType: 'SCRAM', userName: 'u', password: 'p', algorithm: 'SHA_512', authRules: allTopics() });
  });

  it('names the mapping key of an invalid X_509 rule', () => {
    expect(() => parseCredentialsValue('X_509', JSON.stringify({ certCnPattern: 'cn', authRulesMapping: { '(': {} } }))).toThrow(
      'body.credentialsValue.authRulesMapping["("] is not a valid regular expression',
    );
  });
});

describe('credentials the broker made for itself', () => {
  it('do not count as made by an operator: the mark survives an update and goes with the entry', () => {
    const catalog = new CredentialsCatalog([basic('operator', 'c1', 'u1'), basic('earlier', 'page-1', 'starling_websockets_a')]);
    expect(catalog.operatorMadeCount).toBe(2);
    catalog.markGenerated('earlier');
    catalog.markGenerated('unknown');
    catalog.put(basic('made', 'page-2', 'starling_websockets_b'), true);
    expect(catalog.operatorMadeCount).toBe(1);
    // A new client id for the connection's credentials: still the broker's own.
    catalog.put(basic('made', 'page-3', 'starling_websockets_b'));
    expect(catalog.operatorMadeCount).toBe(1);
    catalog.remove('operator');
    expect(catalog.operatorMadeCount).toBe(0);
    catalog.remove('made');
    catalog.remove('earlier');
    expect([catalog.size, catalog.operatorMadeCount]).toEqual([0, 0]);
  });
});
