// A stand-in for a real TBMQ 2.3.0 in the compatibility journeys when no live one is named: it answers
// the console's calls with the answers a real TBMQ 2.3.0 gave (test-fixtures/tbmq-2.3.0), and a call
// the recordings do not hold as TBMQ answers a path it has no handler for (404, empty body). It
// remembers nothing: writes answer what TBMQ answered to the same call, and reads stay as recorded.
//
// Sign-in takes the recorded sysadmin's e-mail with any password and answers tokens with the recorded
// claims and a fresh expiry (the recorded tokens expired 2.5 hours after they were issued).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const RECORDINGS = path.resolve(import.meta.dirname, '../../test-fixtures/tbmq-2.3.0');
const ACCESS_TOKEN_SECONDS = 9000;

/** Every recorded exchange, by `METHOD path`. */
function loadRecordings() {
  const byRoute = new Map();
  for (const area of fs.readdirSync(RECORDINGS)) {
    const folder = path.join(RECORDINGS, area);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder).sort()) {
      const exchange = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
      if (!exchange.request?.method) continue;
      const route = `${exchange.request.method} ${exchange.request.path}`;
      const query = new URLSearchParams(Object.entries(exchange.request.query ?? {}).map(([name, value]) => [name, String(value)]));
      if (!byRoute.has(route)) byRoute.set(route, []);
      byRoute.get(route).push({ ...exchange, name: `${area}/${file}`, query, variant: file.includes('--') ? file.split('--')[1] : '' });
    }
  }
  return byRoute;
}

/**
 * The recorded exchange that best answers a request: the same query; else one with the same
 * parameter names, or of the same form (its parameters all among the request's), the plain recording
 * (no variant) first, then the variant with the shortest name (TBMQ's own form before special cases).
 */
export function pickExchange(byRoute, method, url) {
  const candidates = [...(byRoute.get(`${method} ${url.pathname}`) ?? [])].sort((a, b) => a.variant.length - b.variant.length);
  const asked = [...url.searchParams.entries()].sort().join('&');
  const sameQuery = candidates.find((exchange) => [...exchange.query.entries()].sort().join('&') === asked);
  if (sameQuery) return sameQuery;
  const succeeded = candidates.filter((exchange) => exchange.response.status < 300);
  // One path may answer two forms by its parameters (TBMQ's GET /api/subscription?clientId= and ?pageSize&page).
  const names = (query) => [...new Set(query.keys())].sort().join(',');
  const form = (exchange) => [...exchange.query.keys()].filter((name) => !url.searchParams.has(name)).length === 0 && [...url.searchParams.keys()].some((name) => exchange.query.has(name));
  return succeeded.find((exchange) => names(exchange.query) === names(url.searchParams)) ?? succeeded.find(form) ?? succeeded[0];
}

function base64Url(value) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Tokens with the recorded claims, issued now (the console reads them; nothing verifies the signature). */
function issueTokens() {
  const decoded = JSON.parse(fs.readFileSync(path.join(RECORDINGS, 'auth/login--decoded-jwt-claims.json'), 'utf8'));
  const now = Math.floor(Date.now() / 1000);
  const sign = (part, seconds) => `${base64Url(part.header)}.${base64Url({ ...part.claims, iat: now, exp: now + seconds })}.replayed`;
  return { token: sign(decoded.accessToken, ACCESS_TOKEN_SECONDS), refreshToken: sign(decoded.refreshToken, 7 * 24 * 3600) };
}

function send(response, exchange) {
  const { status, contentType, body } = exchange.response;
  if (body === null || body === undefined) {
    response.writeHead(status).end();
    return;
  }
  const text = typeof body === 'string' && !String(contentType).includes('json') ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': contentType ?? 'application/json' }).end(text);
}

export function startReplayServer(port, host = '127.0.0.1') {
  const byRoute = loadRecordings();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay');
    // Drain the body: the answer does not depend on it.
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST' && (url.pathname === '/api/auth/login' || url.pathname === '/api/auth/token')) {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(issueTokens()));
        return;
      }
      const exchange = pickExchange(byRoute, request.method ?? 'GET', url);
      if (!exchange) {
        response.writeHead(404).end();
        return;
      }
      send(response, exchange);
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.STARLING_REPLAY_PORT || 28383);
  const server = await startReplayServer(port);
  console.log(`Recorded TBMQ 2.3.0 answers served at http://127.0.0.1:${port}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
