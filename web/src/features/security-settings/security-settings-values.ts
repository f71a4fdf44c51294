import type { MessageDescriptor } from 'react-intl';
import type { SecuritySettings } from '../../api/generated/model/securitySettings';
import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { LONGEST_PASSWORD } from '../../components/password-policy/password-policy-rules';

/** The security settings as the form edits them: numbers as typed, empty for "no rule". */
export interface SecuritySettingsValues {
  minimumLength: string;
  maximumLength: string;
  minimumUppercaseLetters: string;
  minimumLowercaseLetters: string;
  minimumDigits: string;
  minimumSpecialCharacters: string;
  allowWhitespaces: boolean;
  forceUserToResetPasswordIfNotValid: boolean;
  passwordExpirationPeriodDays: string;
  passwordReuseFrequencyDays: string;
  /** Starling's sign-in lockout (extension signInLockout); sent only when the broker lists it. */
  maxFailedSignIns: string;
  failedSignInWindowSeconds: string;
}

export type SecuritySettingsField = keyof SecuritySettingsValues;

/** The character-class minimums, which together must fit in the maximum length. */
export const CLASS_FIELDS = ['minimumUppercaseLetters', 'minimumLowercaseLetters', 'minimumDigits', 'minimumSpecialCharacters'] as const;
const DAY_FIELDS = ['passwordExpirationPeriodDays', 'passwordReuseFrequencyDays'] as const;

/** A form error not tied to one field: the classes ask for more characters than the maximum length. */
export type SecuritySettingsErrors = Partial<Record<SecuritySettingsField | 'characterClasses', MessageDescriptor & { values?: Record<string, number> }>>;

/** openapi.yaml, UserPasswordPolicy and SecuritySettings: the bounds the broker checks too. */
export const LIMITS = {
  minimumLength: { min: 6, max: 50 },
  maximumLength: { min: 6, max: LONGEST_PASSWORD },
  classMinimum: { min: 0, max: LONGEST_PASSWORD },
  days: { min: 0, max: 36500 },
  maxFailedSignIns: { min: 1, max: 1000 },
  failedSignInWindowSeconds: { min: 10, max: 86400 },
} as const;

/** Null, missing and 0 set no rule (TBMQ stores null): the form shows them empty, 0 as typed stays 0. */
const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function securitySettingsValuesOf(settings: SecuritySettings): SecuritySettingsValues {
  const policy = settings.passwordPolicy;
  return {
    minimumLength: textOf(policy.minimumLength),
    maximumLength: textOf(policy.maximumLength),
    minimumUppercaseLetters: textOf(policy.minimumUppercaseLetters),
    minimumLowercaseLetters: textOf(policy.minimumLowercaseLetters),
    minimumDigits: textOf(policy.minimumDigits),
    minimumSpecialCharacters: textOf(policy.minimumSpecialCharacters),
    allowWhitespaces: policy.allowWhitespaces === true,
    forceUserToResetPasswordIfNotValid: policy.forceUserToResetPasswordIfNotValid === true,
    passwordExpirationPeriodDays: textOf(policy.passwordExpirationPeriodDays),
    passwordReuseFrequencyDays: textOf(policy.passwordReuseFrequencyDays),
    maxFailedSignIns: textOf(settings.maxFailedSignIns),
    failedSignInWindowSeconds: textOf(settings.failedSignInWindowSeconds),
  };
}

export function sameSecuritySettingsValues(a: SecuritySettingsValues, b: SecuritySettingsValues): boolean {
  return (Object.keys(a) as SecuritySettingsField[]).every((field) => a[field] === b[field]);
}

function isWholeNumberBetween(text: string, { min, max }: { min: number; max: number }): boolean {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= min && value <= max;
}

/** Empty or a whole number in bounds. */
const isOptionalWholeNumber = (text: string, bounds: { min: number; max: number }) => text.trim() === '' || isWholeNumberBetween(text, bounds);

/** A typed number, or null for an empty field (no rule). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The contract's bounds for each field, and the two rules between fields the broker refuses too: the
 * maximum length is at least the minimum, and the classes' minimums fit in the maximum length.
 * The lockout is checked only when the broker takes it.
 */
export function validateSecuritySettings(values: SecuritySettingsValues, { lockout }: { lockout: boolean }): SecuritySettingsErrors {
  const errors: SecuritySettingsErrors = {};
  const minimumValid = isWholeNumberBetween(values.minimumLength, LIMITS.minimumLength);
  if (!minimumValid) errors.minimumLength = { id: 'admin.minimum-length-invalid' };
  if (!isOptionalWholeNumber(values.maximumLength, LIMITS.maximumLength)) {
    errors.maximumLength = { id: 'admin.maximum-length-invalid' };
  } else if (minimumValid && values.maximumLength.trim() !== '' && Number(values.maximumLength) < Number(values.minimumLength)) {
    errors.maximumLength = { id: 'admin.maximum-length-below-minimum', values: { minimum: Number(values.minimumLength) } };
  }
  for (const field of CLASS_FIELDS) {
    if (!isOptionalWholeNumber(values[field], LIMITS.classMinimum)) errors[field] = { id: 'admin.minimum-count-invalid' };
  }
  const classesValid = CLASS_FIELDS.every((field) => errors[field] === undefined);
  if (classesValid && errors.maximumLength === undefined) {
    const required = CLASS_FIELDS.reduce((sum, field) => sum + (numberOrNull(values[field]) ?? 0), 0);
    const maximum = numberOrNull(values.maximumLength) || LONGEST_PASSWORD;
    if (required > maximum) errors.characterClasses = { id: 'admin.character-classes-too-long', values: { required, maximum } };
  }
  for (const field of DAY_FIELDS) {
    if (!isOptionalWholeNumber(values[field], LIMITS.days)) errors[field] = { id: 'admin.days-invalid' };
  }
  if (lockout) {
    if (!isWholeNumberBetween(values.maxFailedSignIns, LIMITS.maxFailedSignIns)) errors.maxFailedSignIns = { id: 'admin.max-failed-sign-ins-invalid' };
    if (!isWholeNumberBetween(values.failedSignInWindowSeconds, LIMITS.failedSignInWindowSeconds)) {
      errors.failedSignInWindowSeconds = { id: 'admin.failed-sign-in-window-invalid' };
    }
  }
  return errors;
}

/**
 * What the broker takes: the stored policy with the form's values (a field the form does not know is
 * sent back as it came), and the lockout only to a broker that has it; TBMQ 2.3 is sent the policy only.
 */
export function securitySettingsOf(values: SecuritySettingsValues, stored: SecuritySettings, { lockout }: { lockout: boolean }): SecuritySettings {
  const passwordPolicy: UserPasswordPolicy = {
    ...stored.passwordPolicy,
    minimumLength: Number(values.minimumLength),
    maximumLength: numberOrNull(values.maximumLength),
    minimumUppercaseLetters: numberOrNull(values.minimumUppercaseLetters),
    minimumLowercaseLetters: numberOrNull(values.minimumLowercaseLetters),
    minimumDigits: numberOrNull(values.minimumDigits),
    minimumSpecialCharacters: numberOrNull(values.minimumSpecialCharacters),
    allowWhitespaces: values.allowWhitespaces,
    forceUserToResetPasswordIfNotValid: values.forceUserToResetPasswordIfNotValid,
    passwordExpirationPeriodDays: numberOrNull(values.passwordExpirationPeriodDays),
    passwordReuseFrequencyDays: numberOrNull(values.passwordReuseFrequencyDays),
  };
  if (!lockout) return { passwordPolicy };
  return { passwordPolicy, maxFailedSignIns: Number(values.maxFailedSignIns), failedSignInWindowSeconds: Number(values.failedSignInWindowSeconds) };
}
