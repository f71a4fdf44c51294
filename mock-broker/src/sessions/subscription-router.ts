import { Router } from 'express';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { SessionRegistry, SessionSubscription } from '../mqtt/session-registry.js';
import type { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { sharedGroupPage, type SharedGroupPageQuery } from './shared-subscription-groups.js';
import type { SubscriptionPageQuery, SubscriptionService } from './subscription-service.js';

/** Subscriptions of one session (the details' editor), of all sessions, and shared subscription groups. */
export function subscriptionRouter(subscriptions: SubscriptionService, sessions: SessionRegistry, groups: SharedSubscriptions): Router {
  const router = Router();
  router.get('/api/subscription', (request, response) => {
    response.json(subscriptions.of(parameters<{ clientId: string }>(request).clientId));
  });
  router.post('/api/subscription', async (request, response) => {
    const body = request.body as { clientId: string; subscriptions: SessionSubscription[] };
    response.json(await subscriptions.replace(body.clientId, body.subscriptions));
  });
  router.put('/api/subscription', async (request, response) => {
    response.json(await subscriptions.save(parameters<{ clientId: string }>(request).clientId, request.body as SessionSubscription));
  });
  router.delete('/api/subscription', async (request, response) => {
    const { clientId, topicFilter } = parameters<{ clientId: string; topicFilter: string }>(request);
    response.json(await subscriptions.delete(clientId, topicFilter));
  });
  router.get('/api/subscription/all', (request, response) => {
    response.json(subscriptions.page(parameters<SubscriptionPageQuery>(request)));
  });
  router.get('/api/subscription/shared', (request, response) => {
    response.json(sharedGroupPage(groups, sessions, parameters<SharedGroupPageQuery>(request)));
  });
  return router;
}
