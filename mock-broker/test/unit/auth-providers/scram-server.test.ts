import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ScramMechanism, ScramServerExchange, scramSecretOf, scramUserNameOf } from '../../../src/auth-providers/scram/scram-server.js';

const HASH = { 'SCRAM-SHA-256': 'sha256', 'SCRAM-SHA-512': 'sha512' } as const;

/** A client computing its proof as RFC 5802 §3 says, to speak to the server under test. */
function clientFinal(mechanism: ScramMechanism, password: string, clientFirstBare: string, serverFirst: string, gs2Header = 'n,,'): { message: string; expectedServerSignature: string } {
  const fields = Object.fromEntries(serverFirst.split(',').map((part) => [part[0], part.slice(2)]));
  const hashName = HASH[mechanism];
  const salted = pbkdf2Sync(password, Buffer.from(fields.s ?? '', 'base64'), Number(fields.i), mechanism === 'SCRAM-SHA-256' ? 32 : 64, hashName);
  const clientKey = createHmac(hashName, salted).update('Client Key').digest();
  const storedKey = createHash(hashName).update(clientKey).digest();
  const withoutProof = `c=${Buffer.from(gs2Header).toString('base64')},r=${fields.r}`;
  const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
  const signature = createHmac(hashName, storedKey).update(authMessage).digest();
  const proof = Buffer.from(clientKey.map((byte, index) => byte ^ (signature[index] as number)));
  const serverKey = createHmac(hashName, salted).update('Server Key').digest();
  return { message: `${withoutProof},p=${proof.toString('base64')}`, expectedServerSignature: `v=${createHmac(hashName, serverKey).update(authMessage).digest('base64')}` };
}

describe('SCRAM server exchange (RFC 5802, RFC 7677)', () => {
  it("answers RFC 7677's SCRAM-SHA-256 example byte for byte", () => {
    const secret = scramSecretOf('SCRAM-SHA-256', 'pencil', Buffer.from('W22ZaJ0SNY7soEsUEjb6gQ==', 'base64'), 4096);
    const exchange = new ScramServerExchange('SCRAM-SHA-256', (name) => (name === 'user' ? secret : undefined), undefined, () => '%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0');
    expect(exchange.step(Buffer.from('n,,n=user,r=rOprNGfwEbeRWgbNEkqO'))).toEqual({
      kind: 'challenge',
      serverFirst: 'r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096',
    });
    expect(exchange.step(Buffer.from('c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ='))).toEqual({
      kind: 'success',
      serverFinal: 'v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=',
      username: 'user',
    });
  });

  it.each(['SCRAM-SHA-256', 'SCRAM-SHA-512'] as const)('%s: lets the right password in and proves itself to the client; refuses a wrong one', (mechanism) => {
    const secret = scramSecretOf(mechanism, 'correct horse');
    for (const [password, outcome] of [
      ['correct horse', 'success'],
      ['wrong horse', 'failure'],
    ] as const) {
      const exchange = new ScramServerExchange(mechanism, () => secret);
      const clientFirstBare = 'n=device-1,r=abcdefghijklmnop';
      const challenge = exchange.step(Buffer.from(`n,,${clientFirstBare}`));
      if (challenge.kind !== 'challenge') throw new Error(`no challenge: ${JSON.stringify(challenge)}`);
      const { message, expectedServerSignature } = clientFinal(mechanism, password, clientFirstBare, challenge.serverFirst);
      const result = exchange.step(Buffer.from(message));
      expect(result.kind).toBe(outcome);
      if (result.kind === 'success') expect(result.serverFinal).toBe(expectedServerSignature);
    }
  });

  it('stores no password: only salt, iterations and the two keys', () => {
    const secret = scramSecretOf('SCRAM-SHA-256', 'pencil');
    expect(JSON.stringify({ ...secret, salt: secret.salt.toString('hex'), storedKey: secret.storedKey.toString('hex'), serverKey: secret.serverKey.toString('hex') })).not.toContain('pencil');
    expect(secret.iterations).toBeGreaterThanOrEqual(4096);
  });

  it('answers an unknown user with a challenge like a known one (a stable made-up salt), then refuses', () => {
    const exchange = () => new ScramServerExchange('SCRAM-SHA-256', () => undefined, Buffer.alloc(32, 7), () => 'server');
    const first = exchange().step(Buffer.from('n,,n=ghost,r=nonce'));
    expect(first).toEqual(exchange().step(Buffer.from('n,,n=ghost,r=nonce')));
    expect(first.kind).toBe('challenge');
  });

  it('refuses channel binding, a changed nonce, a replayed final message and oversized input', () => {
    expect(new ScramServerExchange('SCRAM-SHA-256', () => undefined).step(Buffer.from('p=tls-unique,,n=user,r=abc')).kind).toBe('failure');
    const secret = scramSecretOf('SCRAM-SHA-256', 'pw');
    const exchange = new ScramServerExchange('SCRAM-SHA-256', () => secret);
    const challenge = exchange.step(Buffer.from('n,,n=user,r=abc'));
    if (challenge.kind !== 'challenge') throw new Error('no challenge');
    const { message } = clientFinal('SCRAM-SHA-256', 'pw', 'n=user,r=abc', challenge.serverFirst.replace('r=abc', 'r=abX'));
    expect(exchange.step(Buffer.from(message))).toMatchObject({ kind: 'failure', reason: 'nonce does not match' });
    expect(exchange.step(Buffer.from(message)).kind).toBe('failure');
    expect(new ScramServerExchange('SCRAM-SHA-256', () => secret).step(Buffer.alloc(5000, 0x61)).kind).toBe('failure');
  });
});

describe('the username of a client-first message, read before the exchange (for the password-guessing guard)', () => {
  it('reads n= with its =2C and =3D decoded, with or without an authzid', () => {
    expect(scramUserNameOf(Buffer.from('n,,n=user,r=abc'))).toBe('user');
    expect(scramUserNameOf(Buffer.from('y,a=admin,n=a=2Cb=3Dc,r=abc'))).toBe('a,b=c');
  });

  it('answers nothing for what is not a client-first message', () => {
    expect(scramUserNameOf(undefined)).toBeUndefined();
    expect(scramUserNameOf(Buffer.from('p=tls-unique,,n=user,r=abc'))).toBeUndefined();
    expect(scramUserNameOf(Buffer.from('n,,n=bad=name,r=abc'))).toBeUndefined();
    expect(scramUserNameOf(Buffer.from('n,,n=,r=abc'))).toBeUndefined();
    expect(scramUserNameOf(Buffer.alloc(5000, 'n'))).toBeUndefined();
  });
});

