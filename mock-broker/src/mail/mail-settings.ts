import type { SettingsRepository } from '../settings/settings-repository.js';

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
}

/** What the API answers: the password never, only whether one is stored. */
export type MailSettingsView = Omit<MailSettings, 'password'> & { passwordSet: boolean };

export const DEFAULT_MAIL_SETTINGS: MailSettings = {
  mailFrom: 'Starling <starling@localhost>',
  smtpProtocol: 'smtp',
  smtpHost: 'localhost',
  smtpPort: 25,
  timeout: 10_000,
  enableTls: false,
};

export function viewOf(settings: MailSettings): MailSettingsView {
  const { password, ...rest } = settings;
  return { ...rest, passwordSet: Boolean(password) };
}

/** The stored mail settings, and the rule that an empty or absent password keeps the stored one. */
export class MailSettingsStore {
  constructor(private readonly settings: SettingsRepository) {}

  current(): MailSettings {
    return this.settings.find<MailSettings>(MAIL_SETTINGS_KEY) ?? DEFAULT_MAIL_SETTINGS;
  }

  /** The settings as given, with the stored password when none was given. */
  withStoredPassword(given: MailSettings & { passwordSet?: boolean }): MailSettings {
    const { passwordSet: _readOnly, ...settings } = given;
    return settings.password ? settings : { ...settings, password: this.current().password };
  }

  save(given: MailSettings & { passwordSet?: boolean }): MailSettings {
    const settings = this.withStoredPassword(given);
    this.settings.save(MAIL_SETTINGS_KEY, settings);
    return settings;
  }
}
