import bcrypt from 'bcryptjs';
import { ApiError } from '../http/api-error.js';
import type { SettingsRepository } from '../settings/settings-repository.js';
import type { PasswordHistoryEntry } from '../users/user.js';
import type { PasswordRules } from '../users/user-service.js';
import { longestAllowed, policyViolations, randomPasswordFor, requiredCharacters, type UserPasswordPolicy } from './password-policy.js';

export const SECURITY_SETTINGS_KEY = 'securitySettings';

/** openapi.yaml, SecuritySettings: TBMQ's password policy, and Starling's sign-in lockout. */
export interface SecuritySettings {
  passwordPolicy: UserPasswordPolicy;
  maxFailedSignIns: number;
  failedSignInWindowSeconds: number;
}

/** A save may leave the lockout out (TBMQ's console sends the policy only): the stored values stay. */
export type GivenSecuritySettings = Pick<SecuritySettings, 'passwordPolicy'> & Partial<Omit<SecuritySettings, 'passwordPolicy'>>;

/** What the node's configuration gives while the settings were never saved. */
export interface SecurityDefaults {
  passwordMaxAgeDays: number;
  signInMaxFailures: number;
  signInWindowSeconds: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function defaultsOf(defaults: SecurityDefaults): SecuritySettings {
  return {
    // TBMQ's defaults for a never-saved policy: a length of 6 to 72, no other rule.
    passwordPolicy: {
      minimumLength: 6,
      maximumLength: 72,
      minimumUppercaseLetters: null,
      minimumLowercaseLetters: null,
      minimumDigits: null,
      minimumSpecialCharacters: null,
      allowWhitespaces: false,
      forceUserToResetPasswordIfNotValid: false,
      passwordExpirationPeriodDays: defaults.passwordMaxAgeDays > 0 ? defaults.passwordMaxAgeDays : null,
      passwordReuseFrequencyDays: null,
    },
    maxFailedSignIns: defaults.signInMaxFailures,
    failedSignInWindowSeconds: defaults.signInWindowSeconds,
  };
}

/** Refuses a policy no password can meet, naming the field, before it is stored. */
function refuseImpossible(policy: UserPasswordPolicy): void {
  if (policy.maximumLength && policy.maximumLength < policy.minimumLength) {
    throw ApiError.invalidArguments(`body.passwordPolicy.maximumLength must be at least the minimum length ${policy.minimumLength}`);
  }
  if (requiredCharacters(policy) > longestAllowed(policy)) {
    throw ApiError.invalidArguments(`body.passwordPolicy asks for ${requiredCharacters(policy)} characters of given kinds, more than the maximum length ${longestAllowed(policy)}`);
  }
}

/**
 * The console's security settings (System settings → Security), stored like TBMQ's under their own
 * key. They apply at once: every sign-in, every password set and every one-time password the broker
 * makes reads them.
 */
export class SecuritySettingsStore implements PasswordRules {
  /** Read once: every sign-in asks (several times), and only save() changes the stored row, the node being its one writer. */
  private cached: SecuritySettings | undefined;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly defaults: SecurityDefaults,
  ) {}

  current(): SecuritySettings {
    this.cached ??= { ...defaultsOf(this.defaults), ...this.settings.find<Partial<SecuritySettings>>(SECURITY_SETTINGS_KEY) };
    return this.cached;
  }

  save(given: GivenSecuritySettings): SecuritySettings {
    refuseImpossible(given.passwordPolicy);
    const current = this.current();
    const saved: SecuritySettings = {
      passwordPolicy: given.passwordPolicy,
      maxFailedSignIns: given.maxFailedSignIns ?? current.maxFailedSignIns,
      failedSignInWindowSeconds: given.failedSignInWindowSeconds ?? current.failedSignInWindowSeconds,
    };
    this.settings.save(SECURITY_SETTINGS_KEY, saved);
    this.cached = saved;
    return saved;
  }

  policy(): UserPasswordPolicy {
    return this.current().passwordPolicy;
  }

  /** Failed console sign-ins allowed per account in the window (an address: four times as many). */
  lockout(): { maxFailures: number; windowMs: number } {
    const { maxFailedSignIns, failedSignInWindowSeconds } = this.current();
    return { maxFailures: maxFailedSignIns, windowMs: failedSignInWindowSeconds * 1000 };
  }

  /** Days a password stays valid; 0: for ever. */
  passwordMaxAgeDays(): number {
    return this.policy().passwordExpirationPeriodDays ?? 0;
  }

  /** Whether a sign-in must be refused, right password or not, because the policy refuses what was entered. */
  refusesEntered(password: string): boolean {
    const policy = this.policy();
    return policy.forceUserToResetPasswordIfNotValid === true && policyViolations(password, policy).length > 0;
  }

  async refuse(password: string, field: string, history: readonly PasswordHistoryEntry[] = [], now = Date.now()): Promise<void> {
    const policy = this.policy();
    const problems = policyViolations(password, policy);
    if (problems.length > 0) throw ApiError.invalidArguments(`${field} does not meet the password policy: it must have ${problems.join(', ')}`);
    const days = policy.passwordReuseFrequencyDays ?? 0;
    if (days <= 0) return;
    for (const entry of [...history].reverse()) {
      if (entry.ts <= now - days * DAY_MS) break;
      if (entry.hash && (await bcrypt.compare(password, entry.hash))) {
        throw ApiError.invalidArguments(`${field} was used within the last ${days} day(s): choose another one`);
      }
    }
  }

  oneTimePassword(): string {
    return randomPasswordFor(this.policy());
  }
}
