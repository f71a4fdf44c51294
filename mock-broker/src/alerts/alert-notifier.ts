import type { Mail } from '../mail/mail-service.js';
import type { UserPageQuery } from '../users/user-repository.js';
import type { User } from '../users/user.js';
import { alertMail, type AlertNews, type MailLanguage } from './alert-mail.js';
import type { AlertRepository } from './alert-repository.js';
import type { Alert } from './alert-rule.js';

/** Sends a mail through the outgoing-mail settings (src/mail MailService); a refusal throws. */
export interface AlertMailer {
  send(mail: Mail): Promise<void>;
}

/** Who the console's users are: administrators get a rule's mail when it names nobody, each in their language. */
export interface AlertRecipientDirectory {
  findByEmail(email: string): User | undefined;
  page(query: UserPageQuery): { data: User[] };
}

/** Mails waiting at most; beyond, an alert's mail is not sent and its alert says why. */
export const MAX_WAITING_MAILS = 200;
/** Administrators mailed at most when a rule names nobody, the earliest created first. */
export const MAX_ADMINISTRATORS_MAILED = 100;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Mails what happens to alerts, one at a time and in order (a resolution never overtakes its
 * firing). A mail failure is recorded on the alert (the firing mail) or logged (the resolution),
 * never thrown: the alert is stored before any mail is tried.
 */
export class AlertNotifier {
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;
  private closing = false;

  constructor(
    private readonly mailer: AlertMailer,
    private readonly directory: AlertRecipientDirectory,
    private readonly alerts: AlertRepository,
    private readonly monitoringLink: string,
  ) {}

  announce(alert: Alert, news: AlertNews, recipients: readonly string[]): void {
    if (this.waiting >= MAX_WAITING_MAILS) {
      this.settle(alert, news, [`Not sent: more than ${MAX_WAITING_MAILS} alert mails were waiting`]);
      return;
    }
    this.waiting += 1;
    this.queue = this.queue
      .then(() => this.send(alert, news, recipients))
      .catch((error: unknown) => console.error('An alert mail could not be handled:', reasonOf(error)))
      .finally(() => (this.waiting -= 1));
  }

  /** Answers once the mails announced so far are sent or given up. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Sends what is on its way already, records the rest as not sent, and answers when done. */
  close(): Promise<void> {
    this.closing = true;
    return this.queue;
  }

  private async send(alert: Alert, news: AlertNews, recipients: readonly string[]): Promise<void> {
    if (this.closing) {
      this.settle(alert, news, ['Not sent: the node stopped first']);
      return;
    }
    const errors: string[] = [];
    for (const [language, addresses] of this.addressesByLanguage(recipients)) {
      try {
        await this.mailer.send({ to: addresses.join(', '), ...alertMail(alert, news, language, this.monitoringLink) });
      } catch (error) {
        errors.push(reasonOf(error));
      }
    }
    this.settle(alert, news, errors);
  }

  private settle(alert: Alert, news: AlertNews, errors: string[]): void {
    const error = errors.length === 0 ? undefined : errors.join('; ');
    if (news.kind === 'FIRED') this.alerts.recordMail(alert.id, error);
    else if (error !== undefined) console.error(`The resolution mail of alert rule "${alert.ruleName}" was not sent: ${error}`);
  }

  /** The rule's recipients, or every administrator, grouped by the language of the user each address belongs to (English for strangers). */
  private addressesByLanguage(recipients: readonly string[]): Map<MailLanguage, string[]> {
    const users: Pick<User, 'email' | 'additionalInfo'>[] =
      recipients.length > 0
        ? recipients.map((email) => this.directory.findByEmail(email) ?? { email, additionalInfo: {} })
        : this.directory
            .page({ pageSize: MAX_ADMINISTRATORS_MAILED, page: 0, sortProperty: 'createdTime', sortOrder: 'ASC' })
            .data.filter((user) => user.authority === 'SYS_ADMIN');
    const groups = new Map<MailLanguage, string[]>();
    for (const user of users) {
      const language: MailLanguage = user.additionalInfo.lang === 'de_DE' ? 'de_DE' : 'en_US';
      groups.set(language, [...(groups.get(language) ?? []), user.email]);
    }
    return groups;
  }
}
