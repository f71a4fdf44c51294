import { ApiError } from '../http/api-error.js';
import type { SettingsRepository, StoredSettings } from '../settings/settings-repository.js';

export const MAIL_SETTINGS_KEY = 'mail';

export interface MailSettings {
  mailFrom: string;
  smtpProtocol: 'smtp' | 'smtps';
  smtpHost: string;
  smtpPort: number;
  timeout: number;
  enableTls: boolean;
  tlsVersion?: 'TLSv1.2' | 'TLSv1.3';
  username?: string;
  password?: string;
  /** TBMQ's own fields, kept and answered as given: this broker has no SMTP proxy and shows no password dialog by them. */
  enableProxy?: boolean;
  showChangePassword?: boolean;
}

/** What a save or a test mail may send (openapi.yaml, MailSettings): TBMQ's form too, with the port and timeout as digit strings. */
export type GivenMailSettings = Omit<MailSettings, 'smtpPort' | 'timeout'> & {
  smtpPort: number | string;
  timeout: number | string;
  passwordSet?: boolean;
};

/** What the API answers: the password never, only whether one is stored. */
export type MailSettingsView = Omit<MailSettings, 'password'> & { passwordSet: boolean };

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  mailFrom: 'Starling <starling@localhost>',
  smtpProtocol: 'smtp',
  smtpHost: 'localhost',
  smtpPort: 25,
  timeout: 10_000,
  enableTls: false,
  // As TBMQ installs its row: every field present.
  username: '',
  tlsVersion: 'TLSv1.2',
  enableProxy: false,
  showChangePassword: false,
};

export function viewOf(settings: MailSettings): MailSettingsView {
  const { password, ...rest } = settings;
  return { ...rest, passwordSet: Boolean(password) };
}

/** A port or timeout as given (a number, or TBMQ's digit string), within its range or 400 naming it. */
function wholeNumber(given: number | string, field: 'smtpPort' | 'timeout', max: number): number {
  const value = Number(given);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw ApiError.invalidArguments(`body.jsonValue.${field} must be a whole number from 1 to ${max}`);
  }
  return value;
}

const MAX_PORT = 65535;
/** The contract's maximum: 10 minutes. */
const MAX_TIMEOUT_MS = 600_000;

/** The settings the broker keeps from what was given: numbers for the port and timeout, nothing it does not use. */
function keptOf(given: GivenMailSettings): MailSettings {
  const { mailFrom, smtpProtocol, smtpHost, enableTls, tlsVersion, username, password, enableProxy, showChangePassword } = given;
  return {
    mailFrom,
    smtpProtocol,
    smtpHost,
    smtpPort: wholeNumber(given.smtpPort, 'smtpPort', MAX_PORT),
    timeout: wholeNumber(given.timeout, 'timeout', MAX_TIMEOUT_MS),
    enableTls,
    ...(tlsVersion === undefined ? {} : { tlsVersion }),
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    ...(enableProxy === undefined ? {} : { enableProxy }),
    ...(showChangePassword === undefined ? {} : { showChangePassword }),
  };
}

/** Whether the login travels encrypted: SMTPS, or STARTTLS required. */
function encrypted(settings: MailSettings): boolean {
  return settings.smtpProtocol === 'smtps' || settings.enableTls;
}

/**
 * The server and login a stored password was given for, reached at least as safely: a password saved
 * for an encrypted connection is not sent in the clear because TLS was turned off (issue 26 N11).
 */
function sameServerAndLogin(stored: MailSettings, given: MailSettings): boolean {
  return stored.smtpHost === given.smtpHost && stored.smtpPort === given.smtpPort && (stored.username ?? '') === (given.username ?? '')
    && (encrypted(given) || !encrypted(stored));
}

const PASSWORD_FOR_ANOTHER_SERVER =
  'body.jsonValue.password is required: the stored password is kept only for the host, port and username it was saved with, over a connection encrypted if it was';

/**
 * The stored mail settings, and the rule that an empty or absent password keeps the stored one, but
 * only for the server it was saved for: whoever may edit the settings could otherwise point them at
 * a host of their own and have the broker log in there with the stored secret.
 */
export class MailSettingsStore {
  constructor(private readonly settings: SettingsRepository) {}

  current(): MailSettings {
    return this.settings.find<MailSettings>(MAIL_SETTINGS_KEY) ?? DEFAULT_MAIL_SETTINGS;
  }

  /** The stored row; the defaults are stored first when there is none, as the production broker's install stores them. */
  stored(): StoredSettings<MailSettings> {
    const stored = this.settings.stored<MailSettings>(MAIL_SETTINGS_KEY);
    if (stored) return stored;
    this.settings.save(MAIL_SETTINGS_KEY, DEFAULT_MAIL_SETTINGS);
    return this.stored();
  }

  /**
   * The settings as given; without a password, the stored one when host, port and username are
   * unchanged and TLS was not turned off. Otherwise a stored password answers 400 naming the password field;
   * without a username (no login) none is needed, and the stored one is dropped.
   */
  withStoredPassword(given: GivenMailSettings): MailSettings {
    const { password, ...settings } = keptOf(given);
    if (password) return { ...settings, password };
    const stored = this.current();
    if (!stored.password || !settings.username) return settings;
    if (!sameServerAndLogin(stored, settings)) throw ApiError.invalidArguments(PASSWORD_FOR_ANOTHER_SERVER);
    return { ...settings, password: stored.password };
  }

  save(given: GivenMailSettings): StoredSettings<MailSettings> {
    this.settings.save(MAIL_SETTINGS_KEY, this.withStoredPassword(given));
    return this.stored();
  }
}
