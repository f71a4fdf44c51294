import { Router } from 'express';
import type { BlockedClientType, RegexMatchTarget } from './blocked-client.js';
import type { BlockedClientPageQuery } from './blocked-client-repository.js';
import type { BlockedClientSave, BlockedClientService } from './blocked-client-service.js';

/** Blocked clients (BROKER-API.md: /api/blockedClient…). */
export function blockedClientRouter(blocked: BlockedClientService): Router {
  const router = Router();
  router.post('/api/blockedClient', async (request, response) => {
    response.json(await blocked.save(request.body as BlockedClientSave));
  });
  router.get('/api/blockedClient/v2', (request, response) => {
    response.json(blocked.page(request.contractParameters as unknown as BlockedClientPageQuery));
  });
  router.delete('/api/blockedClient', (request, response) => {
    const { type, value, regexMatchTarget } = request.contractParameters as { type: BlockedClientType; value: string; regexMatchTarget?: RegexMatchTarget };
    blocked.delete(type, value, regexMatchTarget);
    response.status(200).end();
  });
  return router;
}
