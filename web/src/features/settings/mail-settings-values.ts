import type { MessageDescriptor } from 'react-intl';
import type { MailSettings } from '../../api/generated/model/mailSettings';
import type { MailSettingsSmtpProtocol } from '../../api/generated/model/mailSettingsSmtpProtocol';
import type { MailSettingsTlsVersion } from '../../api/generated/model/mailSettingsTlsVersion';

/** The mail settings as the form edits them: numbers as typed, the password only when retyped. */
export interface MailSettingsValues {
  mailFrom: string;
  smtpProtocol: MailSettingsSmtpProtocol;
  smtpHost: string;
  smtpPort: string;
  timeout: string;
  enableTls: boolean;
  /** Empty: the mail library's default. */
  tlsVersion: MailSettingsTlsVersion | '';
  username: string;
  /** Empty keeps the stored password: the broker never answers it (openapi.yaml, MailSettings). */
  password: string;
}

export type MailSettingsField = keyof MailSettingsValues;

/** Port and timeout as a broker answers them: numbers, or TBMQ's digit strings ("25"), kept as sent. */
export function mailSettingsValuesOf(settings: MailSettings): MailSettingsValues {
  return {
    mailFrom: settings.mailFrom,
    smtpProtocol: settings.smtpProtocol,
    smtpHost: settings.smtpHost,
    smtpPort: String(settings.smtpPort),
    timeout: String(settings.timeout),
    enableTls: settings.enableTls,
    tlsVersion: settings.tlsVersion ?? '',
    username: settings.username ?? '',
    password: '',
  };
}

export function sameMailSettingsValues(a: MailSettingsValues, b: MailSettingsValues): boolean {
  return (Object.keys(a) as MailSettingsField[]).every((field) => a[field] === b[field]);
}

/** STARTTLS applies to plain SMTP; SMTPS is TLS from the first byte. Either way a TLS version may be chosen. */
export function usesTls(values: MailSettingsValues): boolean {
  return values.smtpProtocol === 'smtps' || values.enableTls;
}

function isWholeNumberBetween(text: string, min: number, max: number): boolean {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text);
  return value >= min && value <= max;
}

const MAX_PORT = 65535;

/**
 * Whether the broker would use its stored password with these values: only for the host, port and
 * username it was saved with (openapi.yaml, MailSettings), so that a changed host never receives it,
 * and not in the clear when it was saved for an encrypted connection.
 */
export function storedPasswordApplies(values: MailSettingsValues, saved: MailSettings): boolean {
  return (
    saved.passwordSet === true &&
    values.smtpHost.trim() === saved.smtpHost &&
    Number(values.smtpPort) === Number(saved.smtpPort) &&
    values.username.trim() === (saved.username ?? '') &&
    (usesTls(values) || !usesTls(mailSettingsValuesOf(saved)))
  );
}

/**
 * Each message names its field, so it reads well in a toast or next to the field. With the saved
 * settings, a password that must be typed again (see storedPasswordApplies) is an error too; without
 * a username there is no login, and the broker drops the stored password instead.
 */
export function validateMailSettings(values: MailSettingsValues, saved?: MailSettings): Partial<Record<MailSettingsField, MessageDescriptor>> {
  const errors: Partial<Record<MailSettingsField, MessageDescriptor>> = {};
  const needsLogin = values.username.trim() !== '';
  if (saved?.passwordSet === true && needsLogin && values.password === '' && !storedPasswordApplies(values, saved)) {
    errors.password = { id: 'admin.smtp-password-retype' };
  }
  if (values.mailFrom.trim() === '') errors.mailFrom = { id: 'admin.mail-from-required' };
  if (values.smtpHost.trim() === '') errors.smtpHost = { id: 'admin.smtp-host-required' };
  if (!isWholeNumberBetween(values.smtpPort, 1, MAX_PORT)) errors.smtpPort = { id: 'admin.smtp-port-invalid' };
  if (!isWholeNumberBetween(values.timeout, 1, Number.MAX_SAFE_INTEGER)) errors.timeout = { id: 'admin.timeout-invalid' };
  return errors;
}

/** What the form edits or the broker answers only; every other field is the broker's own. */
const FORM_FIELDS: ReadonlySet<string> = new Set(['mailFrom', 'smtpProtocol', 'smtpHost', 'smtpPort', 'timeout', 'enableTls', 'tlsVersion', 'username', 'password', 'passwordSet']);

/** The stored fields the form does not show (TBMQ's enableProxy, proxy settings…): sent back as they came, so saving keeps them. */
function fieldsNotInForm(saved: MailSettings | undefined): Partial<MailSettings> {
  return Object.fromEntries(Object.entries(saved ?? {}).filter(([field]) => !FORM_FIELDS.has(field)));
}

/** What the broker takes: the stored settings with the form's values, the password only when the user typed a new one. */
export function mailSettingsOf(values: MailSettingsValues, saved?: MailSettings): MailSettings {
  const username = values.username.trim();
  return {
    ...fieldsNotInForm(saved),
    mailFrom: values.mailFrom.trim(),
    smtpProtocol: values.smtpProtocol,
    smtpHost: values.smtpHost.trim(),
    smtpPort: Number(values.smtpPort),
    timeout: Number(values.timeout),
    enableTls: values.enableTls,
    ...(usesTls(values) && values.tlsVersion !== '' ? { tlsVersion: values.tlsVersion } : {}),
    // Always there, empty for no login: TBMQ's mail service reads the field and fails without it.
    username,
    ...(values.password !== '' ? { password: values.password } : {}),
  };
}
