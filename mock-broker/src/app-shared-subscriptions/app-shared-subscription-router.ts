import { Router } from 'express';
import { listPageLink } from '../http/query-forms.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { AppSharedSubscriptionInput } from './app-shared-subscription.js';
import type { AppSharedSubscriptionPageQuery } from './app-shared-subscription-repository.js';
import type { AppSharedSubscriptionService } from './app-shared-subscription-service.js';

/** openapi.yaml /api/app/shared/subs (tag kafka). */
export function appSharedSubscriptionRouter(subscriptions: AppSharedSubscriptionService): Router {
  const router = Router();
  router.post('/api/app/shared/subs', async (request, response) => {
    response.json(await subscriptions.save(request.body as AppSharedSubscriptionInput));
  });
  // Two calls at one path, told apart by the query as TBMQ tells them (openapi.yaml getApplicationSharedSubscriptions).
  router.get('/api/app/shared/subs', (request, response) => {
    const { topic, ...query } = parameters<Partial<AppSharedSubscriptionPageQuery> & { topic?: string }>(request);
    // The page link wins, as the contract lists the page form first.
    const asksPage = query.pageSize !== undefined && query.page !== undefined;
    response.json(topic === undefined || asksPage ? subscriptions.page({ ...query, ...listPageLink(query, 'topic') }) : subscriptions.byTopicFilter(topic));
  });
  router.get('/api/app/shared/subs/:id', (request, response) => {
    response.json(subscriptions.get(request.params.id));
  });
  router.delete('/api/app/shared/subs/:id', async (request, response) => {
    await subscriptions.delete(request.params.id);
    response.status(200).end();
  });
  return router;
}
