import { describe, expect, it } from 'vitest';
import { blockedClientSaveOf, newBlockedClientForm, validateBlockedClientForm } from './blocked-client-form-values';

const NOW = new Date('2030-01-01T12:00').getTime();

describe('blocked client form', () => {
  it('requires a value, a valid regular expression for REGEX entries, and an expiry in the future when one is set', () => {
    expect(validateBlockedClientForm(newBlockedClientForm(), NOW)).toEqual({ value: { id: 'blocked-client.value-required' } });
    expect(validateBlockedClientForm(newBlockedClientForm('REGEX', 'bad-('), NOW).value).toEqual({ id: 'mqtt-client-credentials.invalid-regex' });
    const expiring = { ...newBlockedClientForm('CLIENT_ID', 'c'), expires: true };
    expect(validateBlockedClientForm(expiring, NOW)).toEqual({ expiresAt: { id: 'blocked-client.expiration-required' } });
    expect(validateBlockedClientForm({ ...expiring, expiresAt: '2029-12-31T12:00' }, NOW)).toEqual({ expiresAt: { id: 'blocked-client.expiration-in-past' } });
    expect(validateBlockedClientForm({ ...expiring, expiresAt: '2030-01-02T12:00' }, NOW)).toEqual({});
  });

  it('saves a trimmed value in its type\'s field, the regex target only for REGEX entries, and 0 for never', () => {
    expect(blockedClientSaveOf(newBlockedClientForm('USERNAME', ' bob '))).toEqual({ type: 'USERNAME', username: 'bob', expirationTime: 0 });
    expect(blockedClientSaveOf(newBlockedClientForm('IP_ADDRESS', '10.0.0.1'))).toMatchObject({ type: 'IP_ADDRESS', ipAddress: '10.0.0.1' });
    expect(blockedClientSaveOf(newBlockedClientForm('CLIENT_ID', 'c-1'))).toMatchObject({ type: 'CLIENT_ID', clientId: 'c-1' });
    const regex = { ...newBlockedClientForm('REGEX', 'test-.*'), regexMatchTarget: 'BY_USERNAME' as const, expires: true, expiresAt: '2030-01-02T12:00' };
    expect(blockedClientSaveOf(regex)).toEqual({ type: 'REGEX', pattern: 'test-.*', regexMatchTarget: 'BY_USERNAME', expirationTime: new Date('2030-01-02T12:00').getTime() });
  });
});
