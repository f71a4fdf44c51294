import { describe, expect, it } from 'vitest';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import { tbmqAnswer } from '../../../test-support/tbmq-recorded-answers';
import { credentialsFormValuesOf, credentialsSaveOf, newCredentialsForm, validateCredentialsForm } from './credentials-form-values';

const basic = (changes: Partial<ReturnType<typeof newCredentialsForm>>) => ({ ...newCredentialsForm(), name: 'Sensor', ...changes });

describe('client credentials form', () => {
  it('requires a name and, for MQTT_BASIC, a client id or a username', () => {
    expect(validateCredentialsForm(newCredentialsForm())).toEqual({
      name: { id: 'mqtt-client-credentials.name-required' },
      clientId: { id: 'mqtt-client-credentials.client-id-or-username-required' },
      userName: { id: 'mqtt-client-credentials.client-id-or-username-required' },
    });
    expect(validateCredentialsForm(basic({ userName: 'sensor' }))).toEqual({});
    expect(validateCredentialsForm(basic({ clientId: 'sensor-1' }))).toEqual({});
  });

  it('requires an X.509 common-name pattern, a valid one when it is a regular expression, and valid distinct mapping patterns', () => {
    const x509 = basic({ credentialsType: 'X_509' });
    expect(validateCredentialsForm(x509).certCnPattern).toEqual({ id: 'mqtt-client-credentials.certificate-cn-required' });
    expect(validateCredentialsForm({ ...x509, certCnPattern: 'device-(', certCnIsRegex: true }).certCnPattern).toEqual({ id: 'mqtt-client-credentials.invalid-regex' });
    expect(validateCredentialsForm({ ...x509, certCnPattern: 'device-(' })).toEqual({});
    const mapping = (patterns: string[]) => patterns.map((pattern) => ({ pattern, pub: [], sub: [] }));
    const withMapping = (patterns: string[]) => validateCredentialsForm({ ...x509, certCnPattern: 'cn', rulesMapping: mapping(patterns) }).rulesMapping;
    expect(withMapping([' '])).toEqual({ id: 'mqtt-client-credentials.rules-mapping-pattern-required' });
    expect(withMapping(['a[', 'b'])).toEqual({ id: 'mqtt-client-credentials.invalid-regex' });
    expect(withMapping(['a', ' a '])).toEqual({ id: 'mqtt-client-credentials.rules-mapping-duplicate' });
  });

  it('saves MQTT_BASIC values trimmed, with the password only when one was typed for new credentials', () => {
    const save = credentialsSaveOf(basic({ clientId: ' sensor-1 ', userName: '', password: 'p', rules: { pub: ['sensors/.*'], sub: [] } }), null);
    expect(save).toEqual({ name: 'Sensor', clientType: 'DEVICE', credentialsType: 'MQTT_BASIC', credentialsValue: expect.any(String), additionalInfo: {} });
    expect(JSON.parse(save.credentialsValue)).toEqual({ clientId: 'sensor-1', userName: null, password: 'p', authRules: { pubAuthRulePatterns: ['sensors/.*'], subAuthRulePatterns: [] } });
    expect(JSON.parse(credentialsSaveOf(basic({ userName: 'u' }), null).credentialsValue)).not.toHaveProperty('password');
  });

  it('reads existing credentials back into the form and keeps their id and stored password on save', () => {
    const stored: MqttClientCredentials = {
      id: 'c1',
      createdTime: 1,
      name: 'Gateway',
      clientType: 'APPLICATION',
      credentialsType: 'X_509',
      credentialsValue: JSON.stringify({ certCnPattern: 'gw-.*', certCnIsRegex: true, authRulesMapping: { '.*': { pubAuthRulePatterns: ['a'], subAuthRulePatterns: ['b'] } } }),
      additionalInfo: { description: 'lab' },
    };
    const values = credentialsFormValuesOf(stored);
    expect(values).toMatchObject({ name: 'Gateway', clientType: 'APPLICATION', description: 'lab', certCnPattern: 'gw-.*', certCnIsRegex: true, rulesMapping: [{ pattern: '.*', pub: ['a'], sub: ['b'] }] });
    const save = credentialsSaveOf(values, stored);
    expect(save.id).toBe('c1');
    expect(JSON.parse(save.credentialsValue)).toEqual(JSON.parse(stored.credentialsValue));
  });

  it('requires a SCRAM username of at most 1024 characters and a password when adding, naming the field', () => {
    const scram = basic({ credentialsType: 'SCRAM' });
    expect(validateCredentialsForm(scram)).toEqual({
      userName: { id: 'mqtt-client-credentials.scram-username-required' },
      password: { id: 'mqtt-client-credentials.scram-password-required' },
    });
    expect(validateCredentialsForm({ ...scram, userName: 'u'.repeat(1025), password: 'p'.repeat(1025) })).toEqual({
      userName: { id: 'mqtt-client-credentials.scram-username-too-long' },
      password: { id: 'mqtt-client-credentials.scram-password-too-long' },
    });
    // 1024 characters, counted as JSON Schema counts them (an emoji is one character, two UTF-16 units).
    expect(validateCredentialsForm({ ...scram, userName: '😀'.repeat(1024), password: 'p'.repeat(1024) })).toEqual({});
  });

  it('keeps stored SCRAM keys when the password is left empty on edit, unless the algorithm changes', () => {
    const stored = basic({ credentialsType: 'SCRAM', userName: 'u', algorithm: 'SHA_256', storedAlgorithm: 'SHA_256' });
    expect(validateCredentialsForm(stored)).toEqual({});
    expect(validateCredentialsForm({ ...stored, algorithm: 'SHA_512' })).toEqual({ password: { id: 'mqtt-client-credentials.scram-password-required-for-algorithm' } });
    expect(validateCredentialsForm({ ...stored, algorithm: 'SHA_512', password: 'new' })).toEqual({});
  });

  it('saves new SCRAM credentials as userName, password, algorithm and rules', () => {
    const values = basic({ credentialsType: 'SCRAM', userName: ' scram-user ', password: ' s3cret ', algorithm: 'SHA_512', rules: { pub: ['scram/.*'], sub: [] } });
    const save = credentialsSaveOf(values, null);
    expect(save.credentialsType).toBe('SCRAM');
    expect(JSON.parse(save.credentialsValue)).toEqual({ userName: 'scram-user', password: ' s3cret ', algorithm: 'SHA_512', authRules: { pubAuthRulePatterns: ['scram/.*'], subAuthRulePatterns: [] } });
  });

  it('reads TBMQ\'s SCRAM credentials into the form and saves them back without a password key, never the salt or keys', () => {
    const stored = tbmqAnswer<MqttClientCredentials>('credentials/getMqttClientCredentials--scram-sha256');
    const values = credentialsFormValuesOf(stored);
    expect(values).toMatchObject({ name: 'scram-device-creds', credentialsType: 'SCRAM', userName: 'scram-user', password: '', algorithm: 'SHA_256', storedAlgorithm: 'SHA_256', rules: { pub: ['scram/.*'], sub: ['scram/.*'] } });
    const save = credentialsSaveOf(values, stored);
    expect(save.id).toBe(stored.id);
    expect(JSON.parse(save.credentialsValue)).toEqual({ userName: 'scram-user', algorithm: 'SHA_256', authRules: { pubAuthRulePatterns: ['scram/.*'], subAuthRulePatterns: ['scram/.*'] } });
    expect(JSON.parse(credentialsSaveOf({ ...values, password: 'new' }, stored).credentialsValue)).toHaveProperty('password', 'new');
    expect(credentialsFormValuesOf(tbmqAnswer<MqttClientCredentials>('credentials/getMqttClientCredentials--scram-sha512'))).toMatchObject({ algorithm: 'SHA_512', storedAlgorithm: 'SHA_512' });
  });
});
