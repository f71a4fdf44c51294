import { describe, expect, it } from 'vitest';
import type { SecuritySettings } from '../../api/generated/model/securitySettings';
import { securitySettingsOf, securitySettingsValuesOf, validateSecuritySettings } from './security-settings-values';

const tbmqDefaults: SecuritySettings = {
  passwordPolicy: {
    minimumLength: 6,
    maximumLength: 72,
    minimumUppercaseLetters: null,
    minimumLowercaseLetters: null,
    minimumDigits: null,
    minimumSpecialCharacters: null,
    allowWhitespaces: false,
    forceUserToResetPasswordIfNotValid: false,
    passwordExpirationPeriodDays: null,
    passwordReuseFrequencyDays: null,
  },
};
const values = (changes: Partial<ReturnType<typeof securitySettingsValuesOf>> = {}) => ({ ...securitySettingsValuesOf(tbmqDefaults), ...changes });
const errorIds = (given: ReturnType<typeof values>, lockout = false) =>
  Object.fromEntries(Object.entries(validateSecuritySettings(given, { lockout })).map(([field, error]) => [field, error.id]));

describe('security settings values', () => {
  it("takes TBMQ's defaults and sends them back unchanged, the policy only", () => {
    expect(errorIds(values())).toEqual({});
    expect(securitySettingsOf(values(), tbmqDefaults, { lockout: false })).toEqual(tbmqDefaults);
  });

  it('holds the contract bounds of each field', () => {
    expect(errorIds(values({ minimumLength: '5' }))).toEqual({ minimumLength: 'admin.minimum-length-invalid' });
    expect(errorIds(values({ minimumLength: '51' }))).toEqual({ minimumLength: 'admin.minimum-length-invalid' });
    expect(errorIds(values({ minimumLength: '' }))).toEqual({ minimumLength: 'admin.minimum-length-invalid' });
    expect(errorIds(values({ maximumLength: '73' }))).toEqual({ maximumLength: 'admin.maximum-length-invalid' });
    expect(errorIds(values({ minimumDigits: '-1' }))).toEqual({ minimumDigits: 'admin.minimum-count-invalid' });
    expect(errorIds(values({ passwordReuseFrequencyDays: '36501' }))).toEqual({ passwordReuseFrequencyDays: 'admin.days-invalid' });
    expect(errorIds(values({ maximumLength: '', passwordExpirationPeriodDays: '90' }))).toEqual({});
  });

  it('refuses a maximum below the minimum and class minimums that do not fit in the maximum', () => {
    expect(errorIds(values({ minimumLength: '12', maximumLength: '10' }))).toEqual({ maximumLength: 'admin.maximum-length-below-minimum' });
    const crowded = values({ maximumLength: '8', minimumUppercaseLetters: '3', minimumDigits: '3', minimumSpecialCharacters: '3' });
    expect(validateSecuritySettings(crowded, { lockout: false }).characterClasses).toEqual({ id: 'admin.character-classes-too-long', values: { required: 9, maximum: 8 } });
    expect(errorIds({ ...crowded, maximumLength: '9' })).toEqual({});
  });

  it('checks and sends the lockout only for a broker that has it', () => {
    const given = values({ maxFailedSignIns: '0', failedSignInWindowSeconds: '5' });
    expect(errorIds(given)).toEqual({});
    expect(errorIds(given, true)).toEqual({ maxFailedSignIns: 'admin.max-failed-sign-ins-invalid', failedSignInWindowSeconds: 'admin.failed-sign-in-window-invalid' });
    const sent = securitySettingsOf(values({ maxFailedSignIns: '5', failedSignInWindowSeconds: '600', minimumDigits: '2' }), tbmqDefaults, { lockout: true });
    expect(sent).toEqual({ passwordPolicy: { ...tbmqDefaults.passwordPolicy, minimumDigits: 2 }, maxFailedSignIns: 5, failedSignInWindowSeconds: 600 });
  });
});
