import { type Request, Router } from 'express';
import type { PageRequest } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import { signedInAsAnotherUser, signedInUserId as user } from '../http/authenticate.js';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { WsSavedMessageConfiguration, WsSavedMessageView, WsSubscriptionConfiguration, WsSubscriptionView } from './connection-item-kinds.js';
import type { ConnectionItemSaveRequest, ConnectionItemService } from './connection-item-service.js';
import { type WsConnectionSaveRequest, type WsConnectionView, withoutPassword } from './ws-connection.js';
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

interface ConnectionListQuery extends Partial<WsConnectionPageQuery> {
  name?: string;
}

/** The page parameters, which the production broker requires too (it has no handler without them). */
function pageRequestOf({ pageSize, page }: Partial<PageRequest>): PageRequest {
  if (pageSize === undefined) throw ApiError.invalidArguments('query.pageSize is required without name');
  if (page === undefined) throw ApiError.invalidArguments('query.page is required without name');
  return { pageSize, page };
}

/** A connection as this session may see it: another administrator signed in as its owner gets no password. */
const visible = (request: Request, view: WsConnectionView) => (signedInAsAnotherUser(request) ? withoutPassword(view) : view);

/** Save and delete: the same for subscriptions and saved messages. */
function connectionItemRoutes<Configuration, View>(router: Router, path: string, items: ConnectionItemService<Configuration, View>): void {
  router.post(path, (request, response) => {
    response.json(items.save(user(request), request.body as ConnectionItemSaveRequest<Configuration>));
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
    const saved = await connections.save(user(request), request.body as WsConnectionSaveRequest, { signedInAsAnotherUser: signedInAsAnotherUser(request) });
    response.json(visible(request, saved));
  });
  // One path, two answers, as the production broker has it: the connection of a name, or a page.
  router.get('/api/ws/connection', (request, response) => {
    const { name, ...query } = parameters<ConnectionListQuery>(request);
    if (name !== undefined) response.json(visible(request, connections.getByName(user(request), name)));
    else response.json(connections.page(user(request), { ...query, ...pageRequestOf(query) }));
  });
  router.get('/api/ws/connection/:id', (request, response) => {
    response.json(visible(request, connections.get(user(request), request.params.id)));
  });
  router.delete('/api/ws/connection/:id', async (request, response) => {
    await connections.delete(user(request), request.params.id);
    response.status(200).end();
  });
  connectionItemRoutes(router, '/api/ws/subscription', subscriptions);
  router.get('/api/ws/subscription', (request, response) => {
    const { webSocketConnectionId, ...page } = parameters<ConnectionIdQuery & PageRequest>(request);
    response.json(subscriptions.page(user(request), webSocketConnectionId, page));
  });
  router.get('/api/ws/subscription/:id', (request, response) => {
    response.json(subscriptions.get(user(request), request.params.id));
  });
  connectionItemRoutes(router, '/api/ws/saved-message', savedMessages);
  router.get('/api/ws/saved-message', (request, response) => {
    response.json(savedMessages.list(user(request), parameters<ConnectionIdQuery>(request).webSocketConnectionId));
  });
  return router;
}
