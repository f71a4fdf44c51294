import { Router } from 'express';
import { ApiError } from '../http/api-error.js';
import { eventTypeNamed, type EventFilter, type EventQuery, type EventStore } from './events/event-store.js';
import type { IntegrationPageQuery } from './integration-repository.js';
import type { IntegrationBody, IntegrationService } from './integration-service.js';

/** TBMQ 2.3's integration calls (openapi.yaml, tag integration): integrations, their events and topic filters. */
export function integrationRouter(integrations: IntegrationService, events: EventStore): Router {
  const router = Router();
  router.get('/api/integrations', (request, response) => {
    response.json(integrations.page(request.contractParameters as unknown as IntegrationPageQuery));
  });
  router.post('/api/integration', async (request, response) => {
    response.json(await integrations.save(request.body as IntegrationBody));
  });
  // Before /:integrationId, which would take it otherwise.
  router.post('/api/integration/check', async (request, response) => {
    await integrations.check(request.body as IntegrationBody);
    response.status(200).end();
  });
  router.get('/api/integration/:integrationId', (request, response) => {
    response.json(integrations.get(request.params.integrationId));
  });
  router.post('/api/integration/:integrationId', async (request, response) => {
    await integrations.restart(request.params.integrationId);
    response.status(200).end();
  });
  router.delete('/api/integration/:integrationId', async (request, response) => {
    await integrations.delete(request.params.integrationId);
    response.status(200).end();
  });
  router.get('/api/subscription/integration', (request, response) => {
    response.json(integrations.subscriptions(String(request.contractParameters?.integrationId)));
  });
  router.get('/api/events/:entityId/:eventType', (request, response) => {
    const eventType = eventTypeNamed(request.params.eventType);
    if (!eventType) throw ApiError.badRequest(`Event type: '${request.params.eventType}' is not supported!`);
    response.json(events.page(request.params.entityId, { eventType }, request.contractParameters as unknown as EventQuery));
  });
  router.post('/api/events/:entityId/clear', (request, response) => {
    const range = request.contractParameters as unknown as Pick<EventQuery, 'startTime' | 'endTime'>;
    events.clear(request.params.entityId, request.body as EventFilter, range);
    response.status(200).end();
  });
  router.post('/api/events/:entityId', (request, response) => {
    response.json(events.page(request.params.entityId, request.body as EventFilter, request.contractParameters as unknown as EventQuery));
  });
  return router;
}
