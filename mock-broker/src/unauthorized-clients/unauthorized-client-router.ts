import { Router } from 'express';
import { ApiError } from '../http/api-error.js';
import type { UnauthorizedClientLog, UnauthorizedClientPageQuery } from './unauthorized-client-log.js';

/** Refused sign-ins (BROKER-API.md: /api/unauthorized/client…). */
export function unauthorizedClientRouter(log: UnauthorizedClientLog): Router {
  const router = Router();
  router.get('/api/unauthorized/client/v2', (request, response) => {
    response.json(log.page(request.contractParameters as unknown as UnauthorizedClientPageQuery));
  });
  router.delete('/api/unauthorized/client', (request, response) => {
    const clientId = request.contractParameters?.clientId;
    if (typeof clientId === 'string') {
      if (!log.delete(clientId)) throw ApiError.notFound(`No unauthorized client with client id ${clientId}`);
    } else {
      log.deleteAll();
    }
    response.status(200).end();
  });
  return router;
}
