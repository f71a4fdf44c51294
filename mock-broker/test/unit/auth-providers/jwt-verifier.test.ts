import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JwtProviderConfiguration } from '../../../src/auth-providers/jwt/jwt-configuration.js';
import { createJwtVerifier } from '../../../src/auth-providers/jwt/jwt-verifier.js';
import { publicPem, seconds, signJwt, unsignedJwt } from '../../support/outside-services/jwt-tokens.js';

// The JWT provider's decision on a CONNECT whose password is a JWT (issue 27, TBMQ 2.3's JWT
// provider): signatures made here with generated keys, checked with an HMAC secret or a PEM public
// key; what a connecting client notices is whether it is admitted, as which client type, with
// which publish/subscribe rules, and until when.

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const SECRET = 'a-secret-long-enough-for-every-hmac-algorithm-0123456789abcdefghij'; // 66 bytes
const SHORT_SECRET = 'exactly-thirty-two-bytes-secret!'; // 32 bytes: enough for HS256 only
const DEFAULT_RULES = { pubAuthRulePatterns: ['devices/.*'], subAuthRulePatterns: ['commands/.*'] };
const DEVICE = { clientId: 'sensor-1', username: 'alice' };

const rsaKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const p256Key = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const p384Key = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
const p521Key = crypto.generateKeyPairSync('ec', { namedCurve: 'P-521' }).privateKey;
const ed25519Key = crypto.generateKeyPairSync('ed25519').privateKey;

function hmacConfiguration(extra: Partial<JwtProviderConfiguration> = {}, secret = SECRET): JwtProviderConfiguration {
  return {
    type: 'JWT',
    jwtVerifierConfiguration: { jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret } },
    authRules: DEFAULT_RULES,
    ...extra,
  };
}

function pemConfiguration(pem: string): JwtProviderConfiguration {
  return {
    type: 'JWT',
    jwtVerifierConfiguration: {
      jwtVerifierType: 'ALGORITHM_BASED',
      jwtSignAlgorithmConfiguration: { algorithm: 'PEM_KEY', publicPemKeyFileName: 'issuer.pem', publicPemKey: pem },
    },
    authRules: DEFAULT_RULES,
  };
}

function verifierAt(configuration: JwtProviderConfiguration, clock: { now: number } = { now: NOW }) {
  return createJwtVerifier(configuration, { now: () => clock.now });
}

const validFor = (minutes: number) => ({ sub: 'alice', exp: seconds(NOW) + minutes * 60 });

describe('signatures the configured key made are admitted', () => {
  it.each(['HS256', 'HS384', 'HS512'])('%s with the HMAC secret: admitted as the default DEVICE with the default rules until exp', async (alg) => {
    const claims = validFor(60);
    const decision = await verifierAt(hmacConfiguration()).verify(signJwt(claims, alg, SECRET), DEVICE);
    expect(decision).toEqual({ status: 'SUCCESS', clientType: 'DEVICE', authRules: DEFAULT_RULES, expiresAt: claims.exp * 1000 });
  });

  it.each([
    ['RS256', rsaKey],
    ['RS512', rsaKey],
    ['PS256', rsaKey],
    ['PS384', rsaKey],
    ['ES256', p256Key],
    ['ES384', p384Key],
    ['ES512', p521Key],
    ['EdDSA', ed25519Key],
  ] as const)('%s with the PEM public key: admitted', async (alg, privateKey) => {
    const decision = await verifierAt(pemConfiguration(publicPem(privateKey))).verify(signJwt(validFor(5), alg, privateKey), DEVICE);
    expect(decision).toMatchObject({ status: 'SUCCESS', clientType: 'DEVICE' });
  });

  it('a token without exp is admitted with no expiry to close the connection at', async () => {
    const decision = await verifierAt(hmacConfiguration()).verify(signJwt({ sub: 'alice' }, 'HS256', SECRET), DEVICE);
    expect(decision).toEqual({ status: 'SUCCESS', clientType: 'DEVICE', authRules: DEFAULT_RULES });
  });
});

describe('tokens the key did not sign are refused', () => {
  const verifier = verifierAt(hmacConfiguration());

  it('claims swapped under a valid signature are refused', async () => {
    const [header, , signature] = signJwt(validFor(5), 'HS256', SECRET).split('.');
    const elevated = Buffer.from(JSON.stringify({ ...validFor(5), sub: 'admin' })).toString('base64url');
    expect(await verifier.verify(`${header}.${elevated}.${signature}`, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT signature validation failed.' });
  });

  it('a signature with one byte changed is refused, for HMAC and for ES256', async () => {
    const flip = (token: string) => {
      const [header, claims, signature] = token.split('.') as [string, string, string];
      const bytes = Buffer.from(signature, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return `${header}.${claims}.${bytes.toString('base64url')}`;
    };
    expect(await verifier.verify(flip(signJwt(validFor(5), 'HS256', SECRET)), DEVICE)).toMatchObject({ status: 'SKIPPED', reason: 'JWT signature validation failed.' });
    const ecVerifier = verifierAt(pemConfiguration(publicPem(p256Key)));
    expect(await ecVerifier.verify(flip(signJwt(validFor(5), 'ES256', p256Key)), DEVICE)).toMatchObject({ status: 'SKIPPED', reason: 'JWT signature validation failed.' });
  });

  it('a token signed with another secret is refused', async () => {
    const token = signJwt(validFor(5), 'HS256', `${SECRET}-other`);
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SKIPPED', reason: 'JWT signature validation failed.' });
  });

  it('alg none is refused, with the HMAC secret and with a PEM key', async () => {
    const expected = { status: 'SKIPPED', reason: 'Unsigned JWT (alg none) is not accepted.' };
    expect(await verifier.verify(unsignedJwt(validFor(5)), DEVICE)).toEqual(expected);
    expect(await verifierAt(pemConfiguration(publicPem(rsaKey))).verify(unsignedJwt(validFor(5)), DEVICE)).toEqual(expected);
    // Spelt otherwise, with a signature part present: still no key checks it.
    const [, claims] = unsignedJwt(validFor(5)).split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'NONE' })).toString('base64url');
    expect(await verifier.verify(`${noneHeader}.${claims}.c2ln`, DEVICE)).toEqual(expected);
  });

  it('an HS256 token whose "secret" is the RSA public key (algorithm confusion) is refused', async () => {
    const pem = publicPem(rsaKey);
    const decision = await verifierAt(pemConfiguration(pem)).verify(signJwt(validFor(5), 'HS256', pem), DEVICE);
    expect(decision).toEqual({ status: 'SKIPPED', reason: 'JWT algorithm HS256 does not fit the verification key.' });
  });

  it('an algorithm of another key type or curve is refused before any check', async () => {
    const ecVerifier = verifierAt(pemConfiguration(publicPem(p256Key)));
    expect(await ecVerifier.verify(signJwt(validFor(5), 'ES384', p384Key), DEVICE)).toEqual({
      status: 'SKIPPED',
      reason: "JWT algorithm ES384 does not fit the verification key's curve.",
    });
    expect(await ecVerifier.verify(signJwt(validFor(5), 'RS256', rsaKey), DEVICE)).toMatchObject({ status: 'SKIPPED', reason: 'JWT algorithm RS256 does not fit the verification key.' });
    expect(await verifier.verify(signJwt(validFor(5), 'EdDSA', ed25519Key), DEVICE)).toMatchObject({ status: 'SKIPPED', reason: 'JWT algorithm EdDSA does not fit the verification key.' });
  });

  it('HS384 and HS512 need a secret as long as their hash (RFC 7518 §3.2): a 32-byte secret admits HS256 only', async () => {
    const shortVerifier = verifierAt(hmacConfiguration({}, SHORT_SECRET));
    expect(await shortVerifier.verify(signJwt(validFor(5), 'HS256', SHORT_SECRET), DEVICE)).toMatchObject({ status: 'SUCCESS' });
    expect(await shortVerifier.verify(signJwt(validFor(5), 'HS384', SHORT_SECRET), DEVICE)).toEqual({
      status: 'SKIPPED',
      reason: 'JWT algorithm HS384 needs a secret of at least 48 bytes.',
    });
    expect(await shortVerifier.verify(signJwt(validFor(5), 'HS512', SHORT_SECRET), DEVICE)).toMatchObject({ status: 'SKIPPED' });
  });

  it('what is not a compact JWS is refused without reading further', async () => {
    const token = signJwt(validFor(5), 'HS256', SECRET);
    const [header, claims, signature] = token.split('.') as [string, string, string];
    const refusals = [
      '',
      `${header}.${claims}`,
      `${token}.${signature}.${signature}`, // five parts: a JWE
      `${header}.${claims}!.${signature}`,
      `${Buffer.from('[1]').toString('base64url')}.${claims}.${signature}`,
      signJwt({ ...validFor(5), padding: 'x'.repeat(9000) }, 'HS256', SECRET),
      signJwt(validFor(5), 'HS256', SECRET, { crit: ['exp'] }),
      signJwt(validFor(5), 'HS256', SECRET, { kid: 7 }),
    ];
    for (const refused of refusals) expect(await verifier.verify(refused, DEVICE), refused.slice(0, 40)).toMatchObject({ status: 'SKIPPED' });
    expect(await verifier.verify('', DEVICE)).toEqual({ status: 'SKIPPED', reason: 'Failed to fetch JWT authentication token from password.' });
  });
});

describe('time claims, against the injected clock', () => {
  it('a token is admitted until its exp, refused from that second on; expiresAt says when to close', async () => {
    const clock = { now: NOW };
    const verifier = verifierAt(hmacConfiguration(), clock);
    const exp = seconds(NOW) + 60;
    const token = signJwt({ sub: 'alice', exp }, 'HS256', SECRET);
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS', expiresAt: exp * 1000 });
    clock.now = exp * 1000 - 1;
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
    clock.now = exp * 1000;
    expect(await verifier.verify(token, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT token is expired.' });
  });

  it('a token is refused before its nbf and admitted from then on', async () => {
    const clock = { now: NOW };
    const verifier = verifierAt(hmacConfiguration(), clock);
    const nbf = seconds(NOW) + 30;
    const token = signJwt({ sub: 'alice', nbf }, 'HS256', SECRET);
    expect(await verifier.verify(token, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT token not valid yet.' });
    clock.now = nbf * 1000;
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
  });

  it('an exp that is not a number is refused rather than ignored', async () => {
    const token = signJwt({ sub: 'alice', exp: 'tomorrow' }, 'HS256', SECRET);
    expect(await verifierAt(hmacConfiguration()).verify(token, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT exp or nbf claim is not a number.' });
  });
});

describe('claims decide who is admitted, as what, with which rules', () => {
  const authClaims = { sub: '${username}', cid: '${clientId}', tenant: 'acme', level: '3' };
  const verifier = verifierAt(hmacConfiguration({ authClaims }));
  const matching = { sub: 'alice', cid: 'sensor-1', tenant: 'acme', level: 3 };

  it('authClaims: the CONNECT username and client id, fixed values, and a number by its text form must all match', async () => {
    expect(await verifier.verify(signJwt(matching, 'HS256', SECRET), DEVICE)).toMatchObject({ status: 'SUCCESS' });
    const mismatches = [
      [matching, { clientId: 'sensor-1', username: 'mallory' }],
      [matching, { clientId: 'sensor-2', username: 'alice' }],
      [matching, { clientId: 'sensor-1' }],
      [{ ...matching, tenant: 'other' }, DEVICE],
      [{ ...matching, level: 4 }, DEVICE],
      [{ ...matching, level: ['3'] }, DEVICE],
    ] as const;
    for (const [claims, client] of mismatches) {
      expect(await verifier.verify(signJwt(claims, 'HS256', SECRET), client)).toEqual({ status: 'SKIPPED', reason: 'Failed to validate JWT auth claims.' });
    }
  });

  it('"${username}" is not met by a client that sends no username, even when the claim is absent too', async () => {
    const usernameOnly = verifierAt(hmacConfiguration({ authClaims: { sub: '${username}' } }));
    expect(await usernameOnly.verify(signJwt({ cid: 'x' }, 'HS256', SECRET), { clientId: 'x' })).toMatchObject({ status: 'SKIPPED' });
  });

  it('clientTypeClaims: all matching gives the other type than the default, otherwise the default', async () => {
    const clientTypeClaims = { role: 'app', tier: 'gold' };
    const fromDevice = verifierAt(hmacConfiguration({ clientTypeClaims }));
    expect(await fromDevice.verify(signJwt({ role: 'app', tier: 'gold' }, 'HS256', SECRET), DEVICE)).toMatchObject({ clientType: 'APPLICATION' });
    expect(await fromDevice.verify(signJwt({ role: 'app', tier: 'silver' }, 'HS256', SECRET), DEVICE)).toMatchObject({ clientType: 'DEVICE' });
    expect(await fromDevice.verify(signJwt({ role: 'app' }, 'HS256', SECRET), DEVICE)).toMatchObject({ clientType: 'DEVICE' });
    const fromApplication = verifierAt(hmacConfiguration({ defaultClientType: 'APPLICATION', clientTypeClaims }));
    expect(await fromApplication.verify(signJwt({ role: 'app', tier: 'gold' }, 'HS256', SECRET), DEVICE)).toMatchObject({ clientType: 'DEVICE' });
    expect(await fromApplication.verify(signJwt({}, 'HS256', SECRET), DEVICE)).toMatchObject({ clientType: 'APPLICATION' });
  });

  it('a rule claim holding a list of patterns replaces that list of the default rules', async () => {
    const ruled = verifierAt(hmacConfiguration({ pubAuthRuleClaim: 'pub', subAuthRuleClaim: 'subs' }));
    const both = await ruled.verify(signJwt({ pub: ['alice/.*', 'shared/up'], subs: [] }, 'HS256', SECRET), DEVICE);
    expect(both).toMatchObject({ status: 'SUCCESS', authRules: { pubAuthRulePatterns: ['alice/.*', 'shared/up'], subAuthRulePatterns: [] } });
    const pubOnly = await ruled.verify(signJwt({ pub: ['alice/.*'] }, 'HS256', SECRET), DEVICE);
    expect(pubOnly).toMatchObject({ authRules: { pubAuthRulePatterns: ['alice/.*'], subAuthRulePatterns: DEFAULT_RULES.subAuthRulePatterns } });
  });

  it('a malformed rule claim leaves the default rules and still admits the client', async () => {
    const ruled = verifierAt(hmacConfiguration({ pubAuthRuleClaim: 'pub', subAuthRuleClaim: 'subs' }));
    const malformed = [
      'alice/.*',
      ['alice/(unclosed'],
      ['alice/.*', 42],
      ['(a)\\1'], // a backreference: the linear-time engine the broker runs rules on cannot run it
      Array.from({ length: 101 }, (_, index) => `t${index}`),
    ];
    for (const value of malformed) {
      const decision = await ruled.verify(signJwt({ pub: value, subs: value }, 'HS256', SECRET), DEVICE);
      expect(decision, JSON.stringify(value).slice(0, 40)).toEqual({ status: 'SUCCESS', clientType: 'DEVICE', authRules: DEFAULT_RULES });
    }
  });

  it('rule claims are not read when no claim is configured', async () => {
    const decision = await verifierAt(hmacConfiguration()).verify(signJwt({ pub: ['.*'] }, 'HS256', SECRET), DEVICE);
    expect(decision).toMatchObject({ authRules: DEFAULT_RULES });
  });
});

describe('a verifier that cannot be used admits nobody', () => {
  it('a configuration with problems skips every client, naming the field', async () => {
    const verifier = verifierAt(hmacConfiguration({}, 'too-short'));
    expect(await verifier.verify(signJwt(validFor(5), 'HS256', 'too-short'), DEVICE)).toEqual({
      status: 'SKIPPED',
      reason: 'JWT provider configuration is not valid: configuration.jwtVerifierConfiguration.jwtSignAlgorithmConfiguration.secret must be at least 32 bytes.',
    });
  });

  it('after close() no token is admitted', async () => {
    const verifier = verifierAt(hmacConfiguration());
    const token = signJwt(validFor(5), 'HS256', SECRET);
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
    verifier.close();
    expect(await verifier.verify(token, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT provider is closed.' });
  });
});
