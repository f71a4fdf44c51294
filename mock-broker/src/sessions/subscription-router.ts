import { Router } from 'express';
import { listPageLink } from '../http/query-forms.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { SessionRegistry } from '../mqtt/sessions/session-registry.js';
import type { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { sharedGroupPage, type SharedGroupPageQuery } from './shared-subscription-groups.js';
import type { SubscriptionPageQuery, SubscriptionService } from './subscription-service.js';
import type { SubscriptionSave } from './subscription-views.js';

/** GET /api/subscription's two forms, told apart by the query as TBMQ tells them (openapi.yaml getClientSubscriptions). */
type SubscriptionQuery = { clientId?: string } & Partial<SharedGroupPageQuery>;

/** Subscriptions of one session (the details' editor), of all sessions, and shared subscription groups. */
export function subscriptionRouter(subscriptions: SubscriptionService, sessions: SessionRegistry, groups: SharedSubscriptions): Router {
  const router = Router();
  router.get('/api/subscription', (request, response) => {
    const { clientId, ...query } = parameters<SubscriptionQuery>(request);
    response.json(clientId === undefined ? sharedGroupPage(groups, sessions, { ...query, ...listPageLink(query, 'clientId') }) : subscriptions.of(clientId));
  });
  router.post('/api/subscription', async (request, response) => {
    const body = request.body as { clientId: string; subscriptions: SubscriptionSave[] };
    response.json(await subscriptions.replace(body.clientId, body.subscriptions));
  });
  router.put('/api/subscription', async (request, response) => {
    response.json(await subscriptions.save(parameters<{ clientId: string }>(request).clientId, request.body as SubscriptionSave));
  });
  router.delete('/api/subscription', async (request, response) => {
    const { clientId, topicFilter } = parameters<{ clientId: string; topicFilter: string }>(request);
    response.json(await subscriptions.delete(clientId, topicFilter));
  });
  router.get('/api/subscription/all', (request, response) => {
    response.json(subscriptions.page(parameters<SubscriptionPageQuery>(request)));
  });
  return router;
}
