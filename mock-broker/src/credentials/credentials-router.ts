import { Router } from 'express';
import { ApiError } from '../http/api-error.js';
import type { AccessSimulationRequest } from './access-simulator.js';
import { simulateAccess } from './access-simulator.js';
import type { AnonymousAccess, AnonymousAccessSaveRequest } from './anonymous-access.js';
import type { CredentialsAccessControl } from './credentials-access.js';
import type { CredentialsPageQuery } from './credentials-repository.js';
import type { CredentialsSaveRequest, CredentialsService } from './credentials-service.js';

export interface CredentialsRouterParts {
  credentials: CredentialsService;
  anonymous: AnonymousAccess;
  access: CredentialsAccessControl;
}

/** Client credentials, anonymous access and the access simulator (BROKER-API.md "client credentials"). */
export function credentialsRouter({ credentials, anonymous, access }: CredentialsRouterParts): Router {
  const router = Router();
  router.post('/api/mqtt/client/credentials', async (request, response) => {
    response.json(await credentials.save(request.body as CredentialsSaveRequest));
  });
  // One path, two calls as production brokers serve it: by name, or a page without the v2 filters.
  router.get('/api/mqtt/client/credentials', (request, response) => {
    const query = request.contractParameters as unknown as Partial<CredentialsPageQuery> & { name?: string };
    if (query.name !== undefined) {
      response.json(credentials.getByName(query.name));
      return;
    }
    if (query.pageSize === undefined || query.page === undefined) throw ApiError.badRequest('query.name, or query.pageSize and query.page, are required');
    const { textSearch, sortProperty, sortOrder, pageSize, page } = query;
    response.json(credentials.page({ textSearch, sortProperty, sortOrder, pageSize, page }));
  });
  router.get('/api/v2/mqtt/client/credentials', (request, response) => {
    response.json(credentials.page(request.contractParameters as unknown as CredentialsPageQuery));
  });
  router.get('/api/mqtt/client/credentials/info', (_request, response) => {
    response.json(credentials.counts());
  });
  router.get('/api/mqtt/client/credentials/:id', (request, response) => {
    response.json(credentials.get(request.params.id));
  });
  router.delete('/api/mqtt/client/credentials/:id', async (request, response) => {
    await credentials.delete(request.params.id);
    response.status(200).end();
  });
  router.post('/api/mqtt/client/credentials/:id', async (request, response) => {
    const { currentPassword, newPassword } = request.body as { currentPassword?: string | null; newPassword: string };
    response.json(await credentials.changePassword(request.params.id, currentPassword, newPassword));
  });
  router.get('/api/mqtt/anonymousAccess', (_request, response) => {
    response.json(anonymous.view());
  });
  router.post('/api/mqtt/anonymousAccess', async (request, response) => {
    response.json(await anonymous.save(request.body as AnonymousAccessSaveRequest));
  });
  router.post('/api/mqtt/accessSimulation', async (request, response) => {
    response.json(await simulateAccess(access, request.body as AccessSimulationRequest));
  });
  return router;
}
