import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { JwtProviderConfiguration, JwtVerifierConfiguration } from '../../../src/auth-providers/jwt/jwt-configuration.js';
import { type JwtVerifier, createJwtVerifier } from '../../../src/auth-providers/jwt/jwt-verifier.js';
import { publicJwk, seconds, signJwt } from '../../support/outside-services/jwt-tokens.js';

// The JWT provider with keys from a JWKS endpoint (issue 27): a real HTTP server on a free port
// publishes the key set and counts the requests; the verifier's clock is injected, so the cache's
// ages are set by the test, not waited for.

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const RULES = { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] };
const DEVICE = { clientId: 'sensor-1', username: 'alice' };
const rsaKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const rotatedKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const ecKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const claims = { sub: 'alice', exp: seconds(NOW) + 3600 };

interface JwksServer {
  url: string;
  /** The headers of every request the server answered, in order. */
  requests: http.IncomingHttpHeaders[];
  answer: (response: http.ServerResponse) => void;
  close(): Promise<void>;
}

const servers: JwksServer[] = [];
const verifiers: JwtVerifier[] = [];

afterEach(async () => {
  for (const verifier of verifiers.splice(0)) verifier.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function publishing(keys: Record<string, unknown>[]) {
  return (response: http.ServerResponse) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys }));
  };
}

async function startJwksServer(keys: Record<string, unknown>[]): Promise<JwksServer> {
  const requests: http.IncomingHttpHeaders[] = [];
  const jwks: JwksServer = { url: '', requests, answer: publishing(keys), close: async () => undefined };
  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    jwks.answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwks.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  jwks.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A request the verifier gave up on mid-answer leaves its connection open until the server's own timeout.
      server.closeAllConnections();
    });
  servers.push(jwks);
  return jwks;
}

function jwksVerifier(endpoint: string, clock: { now: number }, extra: Partial<Extract<JwtVerifierConfiguration, { jwtVerifierType: 'JWKS' }>> = {}) {
  const configuration: JwtProviderConfiguration = {
    type: 'JWT',
    jwtVerifierConfiguration: { jwtVerifierType: 'JWKS', endpoint, refreshInterval: 600, ...extra },
    authRules: RULES,
  };
  const verifier = createJwtVerifier(configuration, { now: () => clock.now });
  verifiers.push(verifier);
  return verifier;
}

/** Checks that, `elapsed` ms after NOW, the token gets the decision and the server has had `requests` requests in all. */
function decisionsAt(verifier: JwtVerifier, clock: { now: number }, server: JwksServer) {
  return async (elapsed: number, token: string, decision: unknown, requests: number) => {
    clock.now = NOW + elapsed;
    expect(await verifier.verify(token, DEVICE)).toEqual(decision);
    expect(server.requests).toHaveLength(requests);
  };
}

const admitted = { status: 'SUCCESS', clientType: 'DEVICE', authRules: RULES, expiresAt: claims.exp * 1000 };
const noMatchingKey = { status: 'SKIPPED', reason: 'No matching key found in JWKS for JWT verification.' };

describe('keys fetched from the JWKS endpoint', () => {
  it('the set is fetched on the first CONNECT, not before, and then served from the cache', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const verifier = jwksVerifier(server.url, { now: NOW });
    expect(server.requests).toHaveLength(0);
    const token = signJwt(claims, 'RS256', rsaKey, { kid: 'k1' });
    expect(await verifier.verify(token, DEVICE)).toEqual(admitted);
    expect(await verifier.verify(token, DEVICE)).toEqual(admitted);
    expect(server.requests).toHaveLength(1);
  });

  it('CONNECTs arriving together share one fetch', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const verifier = jwksVerifier(server.url, { now: NOW });
    const token = signJwt(claims, 'RS256', rsaKey, { kid: 'k1' });
    const decisions = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token, DEVICE)));
    expect(decisions).toEqual(Array.from({ length: 5 }, () => admitted));
    expect(server.requests).toHaveLength(1);
  });

  it('the set is fetched again once refreshInterval has passed, and never sooner than 300 s', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const clock = { now: NOW };
    const verifier = jwksVerifier(server.url, clock, { refreshInterval: 60 });
    const token = signJwt(claims, 'RS256', rsaKey, { kid: 'k1' });
    const at = decisionsAt(verifier, clock, server);
    await at(0, token, admitted, 1);
    await at(299_000, token, admitted, 1);
    await at(300_000, token, admitted, 2);
  });

  it('a token without kid is checked with every key that fits its algorithm; keys restricted to another use or algorithm are not', async () => {
    const server = await startJwksServer([
      publicJwk(ecKey, { kid: 'ec' }),
      publicJwk(rotatedKey, { kid: 'old', alg: 'RS256' }),
      publicJwk(rsaKey, { kid: 'new' }),
    ]);
    const verifier = jwksVerifier(server.url, { now: NOW });
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey), DEVICE)).toEqual(admitted);
    expect(await verifier.verify(signJwt(claims, 'ES256', ecKey), DEVICE)).toEqual(admitted);
    expect(await verifier.verify(signJwt(claims, 'PS256', rotatedKey), DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWT signature validation failed.' });

    server.answer = publishing([publicJwk(rsaKey, { kid: 'enc', use: 'enc' }), publicJwk(ecKey, { kid: 'rs', alg: 'RS256' })]);
    const other = jwksVerifier(server.url, { now: NOW });
    expect(await other.verify(signJwt(claims, 'RS256', rsaKey), DEVICE)).toEqual(noMatchingKey);
    expect(await other.verify(signJwt(claims, 'ES256', ecKey), DEVICE)).toEqual(noMatchingKey);
  });

  it('a symmetric key in the set is never used: anyone can read it', async () => {
    const secret = 'a-secret-anyone-reading-the-jwks-would-know-0123456789';
    const server = await startJwksServer([{ kty: 'oct', kid: 'shared', k: Buffer.from(secret).toString('base64url') }]);
    const verifier = jwksVerifier(server.url, { now: NOW });
    expect(await verifier.verify(signJwt(claims, 'HS256', secret, { kid: 'shared' }), DEVICE)).toMatchObject({ status: 'SKIPPED' });
  });

  it('the configured headers and Basic credentials are sent with the request, the credentials instead of a configured Authorization', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const verifier = jwksVerifier(server.url, { now: NOW }, {
      headers: { 'X-Api-Key': 'key-123', authorization: 'Bearer configured' },
      credentials: { type: 'basic', username: 'broker', password: 'pä:ss' },
    });
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey, { kid: 'k1' }), DEVICE)).toEqual(admitted);
    expect(server.requests[0]).toMatchObject({
      'x-api-key': 'key-123',
      authorization: `Basic ${Buffer.from('broker:pä:ss', 'utf8').toString('base64')}`,
    });
  });
});

describe('rotated keys and a flood of unknown kids', () => {
  it('an unknown kid fetches the set again at once, but at most once per 30 s', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const clock = { now: NOW };
    const verifier = jwksVerifier(server.url, clock);
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey, { kid: 'k1' }), DEVICE)).toEqual(admitted);

    // The issuer rotates: a token under the new key is admitted with one more request, once 30 s
    // have passed since the last one; sooner, it is refused from the cache.
    server.answer = publishing([publicJwk(rsaKey, { kid: 'k1' }), publicJwk(rotatedKey, { kid: 'k2' })]);
    const rotated = signJwt(claims, 'RS256', rotatedKey, { kid: 'k2' });
    const at = decisionsAt(verifier, clock, server);
    await at(29_999, rotated, noMatchingKey, 1);
    await at(30_000, rotated, admitted, 2);

    // Made-up kids within the next 30 s are refused from the cache without asking the server.
    for (let index = 0; index < 20; index += 1) {
      clock.now = NOW + 30_000 + index * 1000;
      expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey, { kid: `forged-${index}` }), DEVICE)).toEqual(noMatchingKey);
    }
    expect(server.requests).toHaveLength(2);
    clock.now = NOW + 60_000;
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey, { kid: 'forged-late' }), DEVICE)).toEqual(noMatchingKey);
    expect(server.requests).toHaveLength(3);
  });
});

describe('when the endpoint fails', () => {
  it('an outage keeps the last good set in use; 24 h past its refresh time it is dropped', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const clock = { now: NOW };
    const verifier = jwksVerifier(server.url, clock);
    const token = signJwt({ sub: 'alice' }, 'RS256', rsaKey, { kid: 'k1' });
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });

    server.answer = (response) => response.writeHead(503).end('down');
    clock.now = NOW + 600_000;
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
    expect(server.requests).toHaveLength(2);
    // The failed fetch is not retried on every CONNECT either.
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
    expect(server.requests).toHaveLength(2);

    clock.now = NOW + 600_000 + 24 * 3600_000;
    expect(await verifier.verify(token, DEVICE)).toEqual({ status: 'SKIPPED', reason: 'JWKS endpoint could not be read: HTTP 503.' });
  });

  it('a server that is gone (connection refused) leaves the last good set in use too', async () => {
    const server = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const clock = { now: NOW };
    const verifier = jwksVerifier(server.url, clock);
    const token = signJwt(claims, 'RS256', rsaKey, { kid: 'k1' });
    expect(await verifier.verify(token, DEVICE)).toEqual(admitted);
    await server.close();
    clock.now = NOW + 1_800_000;
    expect(await verifier.verify(token, DEVICE)).toMatchObject({ status: 'SUCCESS' });
  });

  it('a set that never arrived refuses the client, naming why', async () => {
    const server = await startJwksServer([]);
    server.answer = (response) => response.end('<html>not a key set</html>');
    const verifier = jwksVerifier(server.url, { now: NOW });
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey), DEVICE)).toMatchObject({
      status: 'SKIPPED',
      reason: expect.stringMatching(/^JWKS endpoint could not be read: /),
    });
  });

  it('an answer over 256 KiB is refused, whether it declares its length or not', async () => {
    const padding = 'x'.repeat(300 * 1024);
    const oversized = JSON.stringify({ keys: [publicJwk(rsaKey, { kid: 'k1', padding })] });
    const server = await startJwksServer([]);
    const token = signJwt(claims, 'RS256', rsaKey, { kid: 'k1' });
    const refused = { status: 'SKIPPED', reason: 'JWKS endpoint could not be read: the answer is larger than 262144 bytes.' };

    server.answer = (response) => response.writeHead(200, { 'content-length': Buffer.byteLength(oversized) }).end(oversized);
    expect(await jwksVerifier(server.url, { now: NOW }).verify(token, DEVICE)).toEqual(refused);
    server.answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let offset = 0; offset < oversized.length; offset += 16_384) response.write(oversized.slice(offset, offset + 16_384));
      response.end();
    };
    expect(await jwksVerifier(server.url, { now: NOW }).verify(token, DEVICE)).toEqual(refused);
    expect(server.requests).toHaveLength(2);
  });

  it('a redirect is not followed', async () => {
    const target = await startJwksServer([publicJwk(rsaKey, { kid: 'k1' })]);
    const server = await startJwksServer([]);
    server.answer = (response) => response.writeHead(302, { location: target.url }).end();
    const verifier = jwksVerifier(server.url, { now: NOW });
    expect(await verifier.verify(signJwt(claims, 'RS256', rsaKey, { kid: 'k1' }), DEVICE)).toMatchObject({ status: 'SKIPPED' });
    expect(target.requests).toHaveLength(0);
  });
});
