import { describe, expect, it } from 'vitest';
import { allTopics, type BasicCredentials, type X509Credentials } from '../../src/credentials/client-credentials.js';
import { CredentialsCatalog, rulesFor } from '../../src/credentials/credentials-catalog.js';
import { parseCredentialsValue } from '../../src/credentials/credentials-value.js';

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

describe('credentials value', () => {
  it('trims rule patterns and drops blanks and repeats, as typed into the chip input', () => {
    const value = parseCredentialsValue('MQTT_BASIC', JSON.stringify({ userName: 'u', authRules: { pubAuthRulePatterns: [' a/.* ', 'a/.*', ''], subAuthRulePatterns: [] } }));
    expect(value).toMatchObject({ authRules: { pubAuthRulePatterns: ['a/.*'], subAuthRulePatterns: [] } });
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
