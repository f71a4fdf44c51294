import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jwtConfigurationProblems } from '../../../src/auth-providers/jwt/jwt-configuration-problems.js';

// What the REST API answers 400 with when an operator saves a JWT provider (issue 27): every
// problem names its field, so that the console can show it next to that field.

const recorded = JSON.parse(
  readFileSync(new URL('../../../../test-fixtures/tbmq-2.3.0/auth-providers/getAuthProvider--JWT.json', import.meta.url), 'utf8'),
) as { response: { body: { configuration: Record<string, unknown> } } };
const TBMQ_DEFAULT = recorded.response.body.configuration;
const ALGORITHM = 'configuration.jwtVerifierConfiguration.jwtSignAlgorithmConfiguration';
const VERIFIER = 'configuration.jwtVerifierConfiguration';
const RULES_NONE = { pubAuthRulePatterns: [], subAuthRulePatterns: [] };

function withVerifier(jwtVerifierConfiguration: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...TBMQ_DEFAULT, jwtVerifierConfiguration, ...extra };
}

function pem(kind: 'rsa1024' | 'rsa2048' | 'secp256k1' | 'ed448' | 'x25519'): string {
  const pair =
    kind === 'rsa1024' || kind === 'rsa2048'
      ? crypto.generateKeyPairSync('rsa', { modulusLength: kind === 'rsa1024' ? 1024 : 2048 })
      : kind === 'secp256k1'
        ? crypto.generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
        : kind === 'ed448'
          ? crypto.generateKeyPairSync('ed448')
          : crypto.generateKeyPairSync('x25519');
  return pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

const pemVerifier = (publicPemKey: string, publicPemKeyFileName = 'issuer.pem') => ({
  jwtVerifierType: 'ALGORITHM_BASED',
  jwtSignAlgorithmConfiguration: { algorithm: 'PEM_KEY', publicPemKeyFileName, publicPemKey },
});

const fields = (configuration: unknown) => jwtConfigurationProblems(configuration).map((problem) => problem.field);

describe('JWT provider configurations that can be used', () => {
  it("TBMQ 2.3's recorded default configuration has no problems", () => {
    expect(jwtConfigurationProblems(TBMQ_DEFAULT)).toEqual([]);
  });

  it('a PEM RSA key, and a JWKS endpoint with headers, basic credentials and a short refresh, have none', () => {
    expect(jwtConfigurationProblems(withVerifier(pemVerifier(pem('rsa2048'))))).toEqual([]);
    const jwks = {
      jwtVerifierType: 'JWKS',
      endpoint: 'https://issuer.example.com/.well-known/jwks.json',
      headers: { 'X-Api-Key': 'abc' },
      refreshInterval: 60,
      credentials: { type: 'basic', username: 'broker', password: 'secret' },
    };
    expect(jwtConfigurationProblems(withVerifier(jwks, { defaultClientType: 'APPLICATION', pubAuthRuleClaim: 'pub' }))).toEqual([]);
  });
});

describe('each problem names its field', () => {
  it('a missing verifier, or an unknown verifier type or algorithm', () => {
    expect(jwtConfigurationProblems(withVerifier(undefined))).toEqual([{ field: VERIFIER, message: 'should be specified' }]);
    expect(fields(withVerifier({ jwtVerifierType: 'OAUTH' }))).toEqual([`${VERIFIER}.jwtVerifierType`]);
    expect(fields(withVerifier({ jwtVerifierType: 'ALGORITHM_BASED' }))).toEqual([ALGORITHM]);
    expect(fields(withVerifier({ jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'RSA' } }))).toEqual([`${ALGORITHM}.algorithm`]);
  });

  it('an HMAC secret shorter than 32 bytes, blank or too long', () => {
    const hmac = (secret: unknown) => withVerifier({ jwtVerifierType: 'ALGORITHM_BASED', jwtSignAlgorithmConfiguration: { algorithm: 'HMAC_BASED', secret } });
    expect(jwtConfigurationProblems(hmac('x'.repeat(31)))).toEqual([{ field: `${ALGORITHM}.secret`, message: 'must be at least 32 bytes' }]);
    // Bytes, not characters: 16 two-byte characters are 32 bytes.
    expect(jwtConfigurationProblems(hmac('ä'.repeat(16)))).toEqual([]);
    expect(fields(hmac('   '))).toEqual([`${ALGORITHM}.secret`]);
    expect(fields(hmac('x'.repeat(1025)))).toEqual([`${ALGORITHM}.secret`]);
  });

  it('a PEM key that is not one, is private, or is of a kind or size that cannot check JWTs', () => {
    const privatePem = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const cases: [string, RegExp][] = [
      ['-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----', /is not a PEM public key/],
      [privatePem, /is a private key/],
      [pem('rsa1024'), /RSA key of 1024 bits/],
      [pem('secp256k1'), /curve secp256k1/],
      [pem('ed448'), /only RSA, EC or Ed25519/],
      [pem('x25519'), /only RSA, EC or Ed25519/],
    ];
    for (const [key, message] of cases) {
      expect(jwtConfigurationProblems(withVerifier(pemVerifier(key)))).toEqual([{ field: `${ALGORITHM}.publicPemKey`, message: expect.stringMatching(message) }]);
    }
    expect(fields(withVerifier(pemVerifier(pem('rsa2048'), '')))).toEqual([`${ALGORITHM}.publicPemKeyFileName`]);
  });

  it('a JWKS endpoint that is not an http(s) URL, bad headers, refresh interval or credentials', () => {
    const jwks = (extra: Record<string, unknown>) => withVerifier({ jwtVerifierType: 'JWKS', endpoint: 'https://issuer.example.com/jwks', ...extra });
    expect(fields(jwks({ endpoint: 'file:///etc/passwd' }))).toEqual([`${VERIFIER}.endpoint`]);
    expect(fields(jwks({ endpoint: 'not a url' }))).toEqual([`${VERIFIER}.endpoint`]);
    expect(fields(jwks({ endpoint: 'https://user:pw@issuer.example.com/jwks' }))).toEqual([`${VERIFIER}.endpoint`]);
    expect(fields(jwks({ endpoint: undefined }))).toEqual([`${VERIFIER}.endpoint`]);
    expect(fields(jwks({ headers: { 'Bad Name': 'x', 'X-Split': 'a\r\nInjected: 1' } }))).toEqual([`${VERIFIER}.headers.Bad Name`, `${VERIFIER}.headers.X-Split`]);
    expect(fields(jwks({ headers: Object.fromEntries(Array.from({ length: 33 }, (_, index) => [`X-${index}`, 'v'])) }))).toEqual([`${VERIFIER}.headers`]);
    expect(fields(jwks({ refreshInterval: -1 }))).toEqual([`${VERIFIER}.refreshInterval`]);
    expect(fields(jwks({ refreshInterval: 1.5 }))).toEqual([`${VERIFIER}.refreshInterval`]);
    expect(fields(jwks({ credentials: { type: 'basic', username: 'a:b', password: 'p' } }))).toEqual([`${VERIFIER}.credentials.username`]);
    expect(fields(jwks({ credentials: { type: 'basic', username: 'a' } }))).toEqual([`${VERIFIER}.credentials.password`]);
    expect(jwtConfigurationProblems(jwks({ credentials: { type: 'cert.PEM' } }))).toEqual([
      { field: `${VERIFIER}.credentials.type`, message: expect.stringMatching(/not supported by this broker/) },
    ]);
  });

  it('the INTEGRATION client type, refused as TBMQ refuses it', () => {
    expect(jwtConfigurationProblems({ ...TBMQ_DEFAULT, defaultClientType: 'INTEGRATION' })).toEqual([
      { field: 'configuration.defaultClientType', message: 'INTEGRATION client type is not supported' },
    ]);
  });

  it('rule patterns that are not regular expressions the broker can run, or too many', () => {
    const rules = (pubAuthRulePatterns: unknown, subAuthRulePatterns: unknown = ['.*']) => ({ ...TBMQ_DEFAULT, authRules: { pubAuthRulePatterns, subAuthRulePatterns } });
    expect(jwtConfigurationProblems(rules(['ok/.*', 'bad/(']))).toEqual([
      { field: 'configuration.authRules.pubAuthRulePatterns[1]', message: expect.stringMatching(/^is not a valid regular expression: /) },
    ]);
    expect(fields(rules(['.*'], ['(a)\\1']))).toEqual(['configuration.authRules.subAuthRulePatterns[0]']);
    expect(fields(rules(Array.from({ length: 1001 }, () => 'a')))).toEqual(['configuration.authRules.pubAuthRulePatterns']);
    expect(fields(rules('.*'))).toEqual(['configuration.authRules.pubAuthRulePatterns']);
    expect(fields({ ...TBMQ_DEFAULT, authRules: null })).toEqual(['configuration.authRules']);
  });

  it('claim maps with too many claims, blank names or values that are not text; over-long rule claim names', () => {
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, index) => [`claim${index}`, 'v']));
    expect(fields({ ...TBMQ_DEFAULT, authClaims: tooMany })).toEqual(['configuration.authClaims']);
    expect(fields({ ...TBMQ_DEFAULT, clientTypeClaims: { role: 7 } })).toEqual(['configuration.clientTypeClaims.role']);
    expect(fields({ ...TBMQ_DEFAULT, authClaims: { ' ': 'x' } })).toEqual(['configuration.authClaims. ']);
    expect(fields({ ...TBMQ_DEFAULT, subAuthRuleClaim: 'c'.repeat(256) })).toEqual(['configuration.subAuthRuleClaim']);
  });

  it('several problems are all named at once; a configuration that is not an object is named as a whole', () => {
    expect(fields({ type: 'JWT', defaultClientType: 'ROBOT', authRules: RULES_NONE })).toEqual(['configuration.defaultClientType', VERIFIER]);
    expect(fields('JWT')).toEqual(['configuration']);
  });
});
