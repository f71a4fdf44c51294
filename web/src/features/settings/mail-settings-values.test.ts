import { describe, expect, it } from 'vitest';
import type { MailSettings } from '../../api/generated/model/mailSettings';
import { mailSettingsOf, mailSettingsValuesOf, storedPasswordApplies, validateMailSettings } from './mail-settings-values';

const stored: MailSettings = {
  mailFrom: 'Starling <noreply@example.com>',
  smtpProtocol: 'smtp',
  smtpHost: 'mail.example.com',
  smtpPort: 587,
  timeout: 10000,
  enableTls: true,
  tlsVersion: 'TLSv1.3',
  username: 'starling',
  passwordSet: true,
};

describe('outgoing mail settings form', () => {
  it('sends the stored settings back without a password while none was typed', () => {
    const { passwordSet: _answeredOnly, ...settings } = stored;
    expect(mailSettingsOf(mailSettingsValuesOf(stored))).toEqual(settings);
  });

  it('sends an empty username for no login, as TBMQ stores it (its mail service fails without the field)', () => {
    const settings = mailSettingsOf({ ...mailSettingsValuesOf(stored), username: '  ' });
    expect(settings.username).toBe('');
    expect('password' in settings).toBe(false);
  });

  it('sends a newly typed password', () => {
    expect(mailSettingsOf({ ...mailSettingsValuesOf(stored), password: 'n3w' }).password).toBe('n3w');
  });

  it('drops the TLS version when TLS is off', () => {
    expect(mailSettingsOf({ ...mailSettingsValuesOf(stored), enableTls: false }).tlsVersion).toBeUndefined();
    expect(mailSettingsOf({ ...mailSettingsValuesOf(stored), enableTls: false, smtpProtocol: 'smtps' }).tlsVersion).toBe('TLSv1.3');
  });

  it('names each invalid field', () => {
    const values = { ...mailSettingsValuesOf(stored), mailFrom: ' ', smtpHost: '', smtpPort: '70000', timeout: '1.5' };
    expect(validateMailSettings(values)).toEqual({
      mailFrom: { id: 'admin.mail-from-required' },
      smtpHost: { id: 'admin.smtp-host-required' },
      smtpPort: { id: 'admin.smtp-port-invalid' },
      timeout: { id: 'admin.timeout-invalid' },
    });
    expect(validateMailSettings({ ...values, mailFrom: 'a', smtpHost: 'b', smtpPort: '0', timeout: '0' })).toEqual({
      smtpPort: { id: 'admin.smtp-port-invalid' },
      timeout: { id: 'admin.timeout-invalid' },
    });
    expect(validateMailSettings(mailSettingsValuesOf(stored))).toEqual({});
  });

  it('keeps the stored password only for the host, port and username it was saved with', () => {
    const values = mailSettingsValuesOf(stored);
    expect(storedPasswordApplies({ ...values, timeout: '5000', smtpHost: ' mail.example.com ' }, stored)).toBe(true);
    for (const changed of [{ smtpHost: 'mail.example.org' }, { smtpPort: '25' }, { username: 'another-login' }]) {
      expect(storedPasswordApplies({ ...values, ...changed }, stored)).toBe(false);
      expect(validateMailSettings({ ...values, ...changed }, stored).password).toEqual({ id: 'admin.smtp-password-retype' });
      expect(validateMailSettings({ ...values, ...changed, password: 'typed' }, stored).password).toBeUndefined();
    }
    expect(validateMailSettings({ ...values, smtpHost: 'mail.example.org' }, { ...stored, passwordSet: false }).password).toBeUndefined();
    // Saved for STARTTLS: turning TLS off would send it in the clear, SMTPS keeps it encrypted.
    expect(validateMailSettings({ ...values, enableTls: false }, stored).password).toEqual({ id: 'admin.smtp-password-retype' });
    expect(storedPasswordApplies({ ...values, enableTls: false, smtpProtocol: 'smtps' }, stored)).toBe(true);
    expect(storedPasswordApplies({ ...values, enableTls: true }, { ...stored, enableTls: false })).toBe(true);
    // No username, no login: nothing to type (the broker drops the stored password).
    expect(validateMailSettings({ ...values, smtpHost: 'mail.example.org', username: '' }, stored).password).toBeUndefined();
  });
});
