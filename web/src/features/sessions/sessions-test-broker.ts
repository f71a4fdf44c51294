import type { ClientSessionDetails } from '../../api/generated/model/clientSessionDetails';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { pageOf, type RecordedCall, stubBrokerCalls } from '../../test-support/broker-stub';

/** A session as the broker reports it; connected unless said otherwise. */
export function makeSession(clientId: string, changes: Partial<ClientSessionDetails> = {}): ClientSessionDetails {
  return {
    clientId,
    sessionId: `${clientId}-session`,
    connectionState: 'CONNECTED',
    clientType: 'DEVICE',
    nodeId: 'node-1',
    subscriptionsCount: 0,
    queuedMessages: 0,
    connectedAt: Date.parse('2026-03-01T12:00:00Z'),
    disconnectedAt: 0,
    clientIpAdr: '10.0.0.1:50000',
    cleanStart: true,
    mqttVersion: 5,
    username: null,
    keepAliveSeconds: 60,
    sessionExpiryInterval: 0,
    sessionEndTs: -1,
    droppedMessages: 0,
    subscriptions: [],
    ...changes,
  };
}

/** The broker's sessions API as far as the sessions page uses it; records every call. */
export function stubSessionsBroker(sessions: ClientSessionDetails[]): RecordedCall[] {
  return stubBrokerCalls(({ method, url, body }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/app/brokers') return Response.json(['node-1', 'node-2']);
    if (route === 'GET /api/app/config') return Response.json({ tcpPort: 1999 });
    if (route === 'GET /api/v2/client-session') {
      const states = url.searchParams.get('connectedStatusList')?.split(',');
      const search = url.searchParams.get('textSearch') ?? '';
      const found = sessions.filter((session) => (!states || states.includes(session.connectionState)) && session.clientId.includes(search));
      return Response.json(pageOf(found, url));
    }
    if (route === 'GET /api/client-session') {
      const session = sessions.find((candidate) => candidate.clientId === url.searchParams.get('clientId'));
      return session ? Response.json(session) : Response.json({ status: 404, errorCode: 32, message: 'Session not found' }, { status: 404 });
    }
    if (route === 'GET /api/client-session/events') return Response.json(pageOf([], url));
    if (route === 'POST /api/client-session/disconnect' || route === 'POST /api/client-session/remove') {
      const count = (body as { clientIds: string[] }).clientIds.length;
      return Response.json({ matchedCount: count, affectedCount: count });
    }
    if (method === 'DELETE' && url.pathname.startsWith('/api/client-session/')) return new Response(null, { status: 200 });
    if (route === 'POST /api/v2/client-session/disconnect') return Response.json({ matchedCount: 3, affectedCount: 3 });
    if (route === 'POST /api/subscription') return Response.json(body);
    return undefined;
  });
}
