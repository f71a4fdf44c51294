import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export type ScramMechanism = 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

const HASHES = { 'SCRAM-SHA-256': { hash: 'sha256', bytes: 32 }, 'SCRAM-SHA-512': { hash: 'sha512', bytes: 64 } } as const;

/**
 * The client side of SCRAM (RFC 5802 section 3), written from the RFC for tests: it derives the
 * proof from the password and checks the server's signature, so a broker that let a wrong proof in,
 * or answered without knowing the key, fails the test.
 */
export class ScramClient {
  private readonly bare: string;
  private expectedServerSignature: Buffer | undefined;

  constructor(
    readonly mechanism: ScramMechanism,
    private readonly username: string,
    private readonly password: string,
    private readonly nonce = randomBytes(18).toString('base64'),
  ) {
    this.bare = `n=${username.replace(/=/g, '=3D').replace(/,/g, '=2C')},r=${nonce}`;
  }

  /** client-first-message: GS2 header without channel binding, then the bare message. */
  first(): Buffer {
    return Buffer.from(`n,,${this.bare}`, 'utf8');
  }

  /** client-final-message answering the server-first-message; throws when the server's nonce does not extend ours. */
  final(serverFirst: Buffer): Buffer {
    const text = serverFirst.toString('utf8');
    const fields = new Map(text.split(',').map((part) => [part.slice(0, 1), part.slice(2)] as const));
    const nonce = fields.get('r') ?? '';
    if (!nonce.startsWith(this.nonce) || nonce === this.nonce) throw new Error(`server nonce "${nonce}" does not extend the client's`);
    const { hash, bytes } = HASHES[this.mechanism];
    const salted = pbkdf2Sync(this.password, Buffer.from(fields.get('s') ?? '', 'base64'), Number(fields.get('i')), bytes, hash);
    const clientKey = createHmac(hash, salted).update('Client Key').digest();
    const storedKey = createHash(hash).update(clientKey).digest();
    const withoutProof = `c=${Buffer.from('n,,').toString('base64')},r=${nonce}`;
    const authMessage = `${this.bare},${text},${withoutProof}`;
    const signature = createHmac(hash, storedKey).update(authMessage).digest();
    const proof = Buffer.from(clientKey.map((byte, index) => byte ^ (signature[index] as number)));
    const serverKey = createHmac(hash, salted).update('Server Key').digest();
    this.expectedServerSignature = createHmac(hash, serverKey).update(authMessage).digest();
    return Buffer.from(`${withoutProof},p=${proof.toString('base64')}`, 'utf8');
  }

  /** Whether the server-final-message proves the server holds the ServerKey of this password. */
  verifies(serverFinal: Buffer | undefined): boolean {
    const text = serverFinal?.toString('utf8') ?? '';
    if (!text.startsWith('v=') || !this.expectedServerSignature) return false;
    const signature = Buffer.from(text.slice(2), 'base64');
    return signature.byteLength === this.expectedServerSignature.byteLength && timingSafeEqual(signature, this.expectedServerSignature);
  }
}
