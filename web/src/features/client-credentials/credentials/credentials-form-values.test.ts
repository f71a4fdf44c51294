import { describe, expect, it } from 'vitest';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
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
    if (values === undefined) throw new Error('X_509 credentials have a form');
    expect(values).toMatchObject({ name: 'Gateway', clientType: 'APPLICATION', description: 'lab', certCnPattern: 'gw-.*', certCnIsRegex: true, rulesMapping: [{ pattern: '.*', pub: ['a'], sub: ['b'] }] });
    const save = credentialsSaveOf(values, stored);
    expect(save.id).toBe('c1');
    expect(JSON.parse(save.credentialsValue)).toEqual(JSON.parse(stored.credentialsValue));
  });

  it('has no form for SCRAM credentials, which the console shows but does not edit', () => {
    const scram: MqttClientCredentials = { id: 's1', createdTime: 1, name: 'Scram', clientType: 'DEVICE', credentialsType: 'SCRAM', credentialsValue: '{"userName":"u","algorithm":"SHA_256"}', additionalInfo: null };
    expect(credentialsFormValuesOf(scram)).toBeUndefined();
  });
});
