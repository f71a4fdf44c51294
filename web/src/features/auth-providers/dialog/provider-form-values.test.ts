import { describe, expect, it } from 'vitest';
import type { MqttAuthProvider } from '../../../api/generated/model/mqttAuthProvider';
import { tbmqAnswer } from '../../../test-support/tbmq-recorded-answers';
import { checkPairs, httpUrlProblem, integerProblem } from './field-checks';
import { providerFormValuesOf, providerProblems, providerSaveOf } from './provider-form-values';

const RECORDED = ['MQTT_BASIC', 'X_509', 'JWT', 'SCRAM', 'HTTP'].map((type) => tbmqAnswer<MqttAuthProvider>(`auth-providers/getAuthProvider--${type}.json`));

describe('provider form values', () => {
  it.each(RECORDED.map((provider) => [provider.type, provider] as const))('sends back what TBMQ 2.3 stored for %s when nothing was changed', (_type, stored) => {
    const values = providerFormValuesOf(stored.configuration);
    expect(providerProblems(values)).toEqual({});
    expect(providerSaveOf(stored, values)).toEqual(stored);
  });

  it('takes http and https URLs only', () => {
    expect(httpUrlProblem('https://keys.example.com/.well-known/jwks.json')).toBeUndefined();
    expect(httpUrlProblem('http://localhost:8080')).toBeUndefined();
    expect(httpUrlProblem('ftp://example.com')?.id).toBe('auth-provider.url-invalid');
    expect(httpUrlProblem('example.com/jwks')?.id).toBe('auth-provider.url-invalid');
    expect(httpUrlProblem(' ')?.id).toBe('auth-provider.required');
    expect(httpUrlProblem(`https://example.com/${'a'.repeat(2048)}`)?.id).toBe('auth-provider.too-long');
  });

  it('takes whole numbers within the bounds only', () => {
    expect(integerProblem('300', 300)).toBeUndefined();
    expect(integerProblem('2147483647', 300)).toBeUndefined();
    for (const text of ['299', '2147483648', '300.5', '', 'abc']) expect(integerProblem(text, 300)).toEqual({ id: 'auth-provider.whole-number', values: { min: 300, max: 2147483647 } });
  });

  it('marks empty and repeated names, and more than 50 pairs', () => {
    expect(checkPairs([{ key: 'a', value: '1' }, { key: '', value: '2' }, { key: 'a', value: '3' }]).invalidKeys).toEqual([1, 2]);
    const many = Array.from({ length: 51 }, (_, index) => ({ key: `k${index}`, value: '' }));
    expect(checkPairs(many).problem).toEqual({ id: 'auth-provider.pairs-too-many', values: { max: 50 } });
    expect(checkPairs(many.slice(0, 50))).toEqual({ invalidKeys: [] });
  });
});
