import nodemailer from 'nodemailer';
import { ApiError, ErrorCode } from '../http/api-error.js';
import type { MailSettings, MailSettingsStore } from './mail-settings.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function transportFor(settings: MailSettings) {
  return nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: settings.smtpProtocol === 'smtps',
    requireTLS: settings.smtpProtocol === 'smtp' && settings.enableTls,
    connectionTimeout: settings.timeout,
    greetingTimeout: settings.timeout,
    socketTimeout: settings.timeout,
    ...(settings.tlsVersion ? { tls: { minVersion: settings.tlsVersion } } : {}),
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
  });
}

/** Sends mail through the outgoing mail settings (spec: system settings, outgoing mail). */
export class MailService {
  constructor(private readonly settings: MailSettingsStore) {}

  /** Sends with the given settings, or the stored ones; a refusal becomes a 400 that says why. */
  async send(mail: Mail, settings: MailSettings = this.settings.current()): Promise<void> {
    const transport = transportFor(settings);
    try {
      await transport.sendMail({ from: settings.mailFrom, ...mail });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(400, ErrorCode.general, `The mail server ${settings.smtpHost}:${settings.smtpPort} did not take the mail: ${reason}`);
    } finally {
      transport.close();
    }
  }
}
