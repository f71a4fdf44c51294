import { Router } from 'express';
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
  router.get('/api/app/shared/subs', (request, response) => {
    response.json(subscriptions.page(parameters<AppSharedSubscriptionPageQuery>(request)));
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
