import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The SCRAM mechanisms MQTT 5 clients name as their Authentication Method (RFC 7677 and its SHA-512 sibling). */
export type ScramMechanism = 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

const HASH: Record<ScramMechanism, 'sha256' | 'sha512'> = { 'SCRAM-SHA-256': 'sha256', 'SCRAM-SHA-512': 'sha512' };
const KEY_BYTES: Record<ScramMechanism, number> = { 'SCRAM-SHA-256': 32, 'SCRAM-SHA-512': 64 };

/** What the broker stores for a SCRAM user (RFC 5802 §3): never the password, only what proves it. */
export interface ScramSecret {
  mechanism: ScramMechanism;
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

/** Each message is bounded: a client cannot make the broker parse or hash more than this. */
export const MAX_SCRAM_MESSAGE_BYTES = 4096;
export const MIN_ITERATIONS = 4096;

const hmac = (mechanism: ScramMechanism, key: Buffer, text: string) => createHmac(HASH[mechanism], key).update(text, 'utf8').digest();
const hash = (mechanism: ScramMechanism, data: Buffer) => createHash(HASH[mechanism]).update(data).digest();

/** The salted, iterated secret of a password (RFC 5802 §3: SaltedPassword, StoredKey, ServerKey). */
export function scramSecretOf(mechanism: ScramMechanism, password: string, salt: Buffer = randomBytes(16), iterations = MIN_ITERATIONS): ScramSecret {
  const salted = pbkdf2Sync(Buffer.from(password.normalize('NFKC'), 'utf8'), salt, iterations, KEY_BYTES[mechanism], HASH[mechanism]);
  return { mechanism, salt, iterations, storedKey: hash(mechanism, hmac(mechanism, salted, 'Client Key')), serverKey: hmac(mechanism, salted, 'Server Key') };
}

/** Reads `k=v` attributes; a value may hold `=`, so only the first one splits. */
function attributes(message: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of message.split(',')) {
    const split = part.indexOf('=');
    if (split !== 1) throw new Error(`malformed attribute "${part.slice(0, 20)}"`);
    found.set(part[0] as string, part.slice(2));
  }
  return found;
}

/** A SCRAM username: `=2C` and `=3D` stand for `,` and `=`; any other `=` is malformed (RFC 5802 §5.1). */
function decodeName(name: string): string {
  if (/=(?!2C|3D)/.test(name)) throw new Error('malformed username');
  return name.replace(/=2C/g, ',').replace(/=3D/g, '=');
}

/**
 * The username a client-first message names, read before the exchange starts (for the
 * password-guessing guard); undefined when the message is not one.
 */
export function scramUserNameOf(clientFirst: Buffer | undefined): string | undefined {
  if (!clientFirst || clientFirst.byteLength > MAX_SCRAM_MESSAGE_BYTES) return undefined;
  const match = /^[ny],(?:a=[^,]*)?,n=([^,]*),/.exec(clientFirst.toString('utf8'));
  if (!match) return undefined;
  try {
    return decodeName(match[1] as string) || undefined;
  } catch {
    return undefined;
  }
}

export type ScramStep =
  | { kind: 'challenge'; serverFirst: string }
  | { kind: 'success'; serverFinal: string; username: string }
  | { kind: 'failure'; reason: string };

/**
 * The server side of one SCRAM exchange (RFC 5802 §5): client-first → server-first (the challenge),
 * client-final → server-final when the proof holds. Channel binding is not offered (`n` or `y` in
 * the GS2 header; `p` is refused). An unknown user is answered with a made-up salt, so a client
 * cannot tell which usernames exist from the challenge.
 */
export class ScramServerExchange {
  private state: { clientFirstBare: string; serverFirst: string; nonce: string; gs2Header: string; username: string; secret: ScramSecret | undefined } | undefined;
  private done = false;

  constructor(
    private readonly mechanism: ScramMechanism,
    private readonly secretOf: (username: string) => ScramSecret | undefined,
    private readonly unknownUserKey: Buffer = randomBytes(32),
    private readonly serverNonce: () => string = () => randomBytes(18).toString('base64'),
  ) {}

  step(message: Buffer): ScramStep {
    if (this.done) return this.fail('the exchange is over');
    if (message.byteLength > MAX_SCRAM_MESSAGE_BYTES) return this.fail('message too long');
    const text = message.toString('utf8');
    try {
      return this.state ? this.final(text) : this.first(text);
    } catch (error) {
      return this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  private fail(reason: string): ScramStep {
    this.done = true;
    return { kind: 'failure', reason };
  }

  private first(text: string): ScramStep {
    const match = /^([ny]),(a=[^,]*)?,(.*)$/.exec(text);
    if (!match) throw new Error(text.startsWith('p') ? 'channel binding is not supported' : 'malformed client-first message');
    const gs2Header = `${match[1]},${match[2] ?? ''},`;
    const clientFirstBare = match[3] as string;
    const found = attributes(clientFirstBare);
    if (found.has('m')) throw new Error('mandatory extensions are not supported');
    const username = decodeName(found.get('n') ?? '');
    const clientNonce = found.get('r') ?? '';
    if (username === '' || clientNonce === '' || /[^\x21-\x2b\x2d-\x7e]/.test(clientNonce)) throw new Error('malformed client-first message');
    const secret = this.secretOf(username);
    const salt = secret?.salt ?? createHmac('sha256', this.unknownUserKey).update(username).digest().subarray(0, 16);
    const iterations = secret?.iterations ?? MIN_ITERATIONS;
    const nonce = clientNonce + this.serverNonce();
    const serverFirst = `r=${nonce},s=${salt.toString('base64')},i=${iterations}`;
    this.state = { clientFirstBare, serverFirst, nonce, gs2Header, username, secret };
    return { kind: 'challenge', serverFirst };
  }

  private final(text: string): ScramStep {
    const state = this.state;
    if (!state) throw new Error('no exchange');
    this.done = true;
    const proofAt = text.lastIndexOf(',p=');
    if (proofAt < 0) throw new Error('malformed client-final message');
    const withoutProof = text.slice(0, proofAt);
    const found = attributes(withoutProof);
    if (found.get('c') !== Buffer.from(state.gs2Header, 'utf8').toString('base64')) return { kind: 'failure', reason: 'channel binding does not match' };
    if (found.get('r') !== state.nonce) return { kind: 'failure', reason: 'nonce does not match' };
    const proof = Buffer.from(text.slice(proofAt + 3), 'base64');
    const { secret } = state;
    if (!secret || secret.mechanism !== this.mechanism || proof.byteLength !== secret.storedKey.byteLength) return { kind: 'failure', reason: 'bad username or password' };
    const authMessage = `${state.clientFirstBare},${state.serverFirst},${withoutProof}`;
    const signature = hmac(this.mechanism, secret.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, index) => byte ^ (signature[index] as number)));
    if (!timingSafeEqual(hash(this.mechanism, clientKey), secret.storedKey)) return { kind: 'failure', reason: 'bad username or password' };
    return { kind: 'success', serverFinal: `v=${hmac(this.mechanism, secret.serverKey, authMessage).toString('base64')}`, username: state.username };
  }
}
