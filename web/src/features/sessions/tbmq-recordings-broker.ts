import fs from 'node:fs';
import path from 'node:path';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';

/** Answers a real TBMQ 2.3.0 gave, recorded in test-fixtures/tbmq-2.3.0 (its README indexes them). */
const RECORDINGS = path.resolve(import.meta.dirname, '../../../../test-fixtures/tbmq-2.3.0');

interface Recording {
  request: { method: string; path: string; query: Record<string, string | number> };
  response: { status: number; body: unknown };
}

export function recording(file: string): Recording {
  return JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8')) as Recording;
}

/** The recorded answer of one area's call, found by the method, path and query it was asked with. */
function recordedAnswer(area: string, call: RecordedCall): unknown {
  for (const file of fs.readdirSync(path.join(RECORDINGS, area))) {
    const { request, response } = recording(path.join(area, file));
    const sameQuery = Object.entries(request.query).every(([name, value]) => call.url.searchParams.get(name) === String(value)) && [...call.url.searchParams.keys()].every((name) => name in request.query);
    if (request.method === call.method && request.path === call.url.pathname && sameQuery && response.status === 200) return response.body;
  }
  return undefined;
}

/** What TBMQ answers a path it has no handler for: 404 with an empty body. */
const NO_HANDLER = () => new Response(null, { status: 404 });

/**
 * A broker that answers the sessions and subscriptions calls as TBMQ 2.3.0 did, and serves no
 * Starling extension (GET /api/starling/extensions is one more path it has no handler for).
 * `answerFirst` answers a call differently where it returns a response.
 */
export function stubTbmqSessionsBroker(answerFirst?: (call: RecordedCall) => Response | undefined): RecordedCall[] {
  const sessionList = recording('sessions/getClientSessions.json').response.body;
  return stubBrokerCalls((call) => {
    const first = answerFirst?.(call);
    if (first) return first;
    const route = `${call.method} ${call.url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/v2/client-session') return Response.json(sessionList);
    if (route === 'DELETE /api/client-session/disconnect' || route === 'DELETE /api/client-session/remove') return new Response(null, { status: 200 });
    if (route === 'POST /api/subscription') return Response.json(call.body);
    const answer = recordedAnswer('sessions', call) ?? recordedAnswer('subscriptions', call) ?? recordedAnswer('app', call);
    return answer === undefined ? NO_HANDLER() : Response.json(answer);
  });
}
