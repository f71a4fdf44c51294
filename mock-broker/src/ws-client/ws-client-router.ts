import { Router } from 'express';
import { signedInUserId as user } from '../http/authenticate.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { WsSavedMessageConfiguration, WsSavedMessageView, WsSubscriptionConfiguration, WsSubscriptionView } from './connection-item-kinds.js';
import type { ConnectionItemSaveRequest, ConnectionItemService } from './connection-item-service.js';
import type { WsConnectionSaveRequest } from './ws-connection.js';
import type { WsConnectionPageQuery } from './ws-connection-repository.js';
import type { WsConnectionService } from './ws-connection-service.js';

export interface WsClientServices {
  connections: WsConnectionService;
  subscriptions: ConnectionItemService<WsSubscriptionConfiguration, WsSubscriptionView>;
  savedMessages: ConnectionItemService<WsSavedMessageConfiguration, WsSavedMessageView>;
}

interface ConnectionIdQuery {
  webSocketConnectionId: string;
}

/** Save, list by connection and delete: the same for subscriptions and saved messages. */
function connectionItemRoutes<Configuration, View>(router: Router, path: string, items: ConnectionItemService<Configuration, View>): void {
  router.post(path, (request, response) => {
    response.json(items.save(user(request), request.body as ConnectionItemSaveRequest<Configuration>));
  });
  router.get(path, (request, response) => {
    response.json(items.list(user(request), parameters<ConnectionIdQuery>(request).webSocketConnectionId));
  });
  router.delete(`${path}/:id`, (request, response) => {
    items.delete(user(request), request.params.id);
    response.status(200).end();
  });
}

/** The web-socket client page's saved data (BROKER-API.md "web-socket client"), always the signed-in user's own. */
export function wsClientRouter({ connections, subscriptions, savedMessages }: WsClientServices): Router {
  const router = Router();
  router.post('/api/ws/connection', async (request, response) => {
    response.json(await connections.save(user(request), request.body as WsConnectionSaveRequest));
  });
  router.get('/api/ws/connection', (request, response) => {
    response.json(connections.page(user(request), parameters<WsConnectionPageQuery>(request)));
  });
  router.get('/api/ws/connection/name', (request, response) => {
    response.json(connections.getByName(user(request), parameters<{ name: string }>(request).name));
  });
  router.get('/api/ws/connection/:id', (request, response) => {
    response.json(connections.get(user(request), request.params.id));
  });
  router.delete('/api/ws/connection/:id', async (request, response) => {
    await connections.delete(user(request), request.params.id);
    response.status(200).end();
  });
  connectionItemRoutes(router, '/api/ws/subscription', subscriptions);
  router.get('/api/ws/subscription/:id', (request, response) => {
    response.json(subscriptions.get(user(request), request.params.id));
  });
  connectionItemRoutes(router, '/api/ws/saved-message', savedMessages);
  return router;
}
