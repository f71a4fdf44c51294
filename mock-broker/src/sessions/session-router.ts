import { Router } from 'express';
import { listPageLink } from '../http/query-forms.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { ClientEventQuery, ClientEventType } from '../mqtt/client-event-log.js';
import type { PageLink } from '../http/page.js';
import type { SessionFilterParameters } from './session-filter.js';
import type { SessionPageQuery, SessionService } from './session-service.js';
import { commaList } from '../lists/text-match.js';

interface ClientParameters {
  clientId: string;
  sessionId?: string;
}

interface EventPageParameters extends PageLink, Omit<ClientEventQuery, 'types'> {
  typeList?: string;
}

/** The sessions page (issue 7; BROKER-API.md "sessions"): list, details, counts, actions, event history. */
export function sessionRouter(sessions: SessionService): Router {
  const router = Router();
  router.get('/api/v2/client-session', (request, response) => {
    response.json(sessions.page(parameters<SessionPageQuery>(request)));
  });
  router.post('/api/v2/client-session/disconnect', async (request, response) => {
    response.json(await sessions.disconnectMatching(parameters<SessionFilterParameters>(request)));
  });
  router.post('/api/v2/client-session/remove', (request, response) => {
    response.json(sessions.removeMatching(parameters<SessionFilterParameters>(request)));
  });
  // Two calls at one path, told apart by the query as TBMQ tells them (openapi.yaml getClientSessionDetails).
  router.get('/api/client-session', (request, response) => {
    const { clientId, ...query } = parameters<Partial<ClientParameters & SessionPageQuery>>(request);
    response.json(clientId === undefined ? sessions.page({ ...query, ...listPageLink(query, 'clientId') }) : sessions.details(clientId));
  });
  router.get('/api/client-session/details', (request, response) => {
    response.json(sessions.advancedDetails(parameters<ClientParameters>(request).clientId));
  });
  router.get('/api/client-session/info', (_request, response) => {
    response.json(sessions.stats());
  });
  router.delete('/api/client-session/disconnect', async (request, response) => {
    const { clientId, sessionId } = parameters<ClientParameters>(request);
    await sessions.disconnect(clientId, sessionId);
    response.status(200).end();
  });
  router.post('/api/client-session/disconnect', async (request, response) => {
    response.json(await sessions.disconnectListed((request.body as { clientIds: string[] }).clientIds));
  });
  router.delete('/api/client-session/remove', (request, response) => {
    const { clientId, sessionId } = parameters<ClientParameters>(request);
    sessions.remove(clientId, sessionId);
    response.status(200).end();
  });
  router.post('/api/client-session/remove', (request, response) => {
    response.json(sessions.removeListed((request.body as { clientIds: string[] }).clientIds));
  });
  router.get('/api/client-session/events', (request, response) => {
    const { typeList, ...query } = parameters<EventPageParameters>(request);
    response.json(sessions.eventPage({ ...query, types: commaList(typeList) as ClientEventType[] | undefined }));
  });
  return router;
}
