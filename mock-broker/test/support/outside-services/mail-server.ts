import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { arrivals } from '../checks/arrivals.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, quoted-printable soft line breaks and escapes undone. */
  text: string;
}

/** Undoes quoted-printable encoding, enough to read the ASCII parts (links) of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free local port, keeping what it receives. */
export async function startMailServer(credentials?: { username: string; password: string }) {
  const mails = arrivals<ReceivedMail>('mail');
  /** Every login tried on this server, right or wrong: what a server learns of a client's password. */
  const logins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (credentials && auth.username === credentials.username && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        mails.add({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails: mails.items,
    logins,
    nextMail: (timeoutMs = 5000) => mails.next(timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
