import type { Router } from 'express';
import type { Database } from '../database/database.js';
import { ConnectionItemRepository } from './connection-item-repository.js';
import { savedMessageKind, subscriptionKind, type WsSavedMessageConfiguration, type WsSubscriptionConfiguration } from './connection-item-kinds.js';
import { ConnectionItemService } from './connection-item-service.js';
import type { CredentialsPort } from './connection-credentials.js';
import { wsClientRouter } from './ws-client-router.js';
import { WsConnectionRepository } from './ws-connection-repository.js';
import { WsConnectionService } from './ws-connection-service.js';

/** What the web-socket client area needs: where it stores, the client credentials, and word of deleted users. */
export interface WsClientAreaNeeds {
  database: Database;
  credentials: CredentialsPort;
  /** Registers work to do before a user is deleted (the users area calls it). */
  beforeUserDeleted(listener: (userId: string) => Promise<void>): void;
}

/** The web-socket client's saved connections, subscriptions and messages (spec section 9), per user. */
export function startWsClient({ database, credentials, beforeUserDeleted }: WsClientAreaNeeds): { routers: Router[]; cleanups: (() => void)[] } {
  const repository = new WsConnectionRepository(database);
  credentials.markGenerated(repository.autoCredentialsIds());
  const connections = new WsConnectionService(repository, credentials);
  const ownedConnection = (userId: string, connectionId: string) => connections.owned(userId, connectionId);
  const subscriptions = new ConnectionItemService(
    new ConnectionItemRepository<WsSubscriptionConfiguration>(database, { table: 'ws_subscription', keyColumn: 'topic_filter', orderBy: 'created_time, id' }),
    ownedConnection,
    subscriptionKind,
  );
  const savedMessages = new ConnectionItemService(
    new ConnectionItemRepository<WsSavedMessageConfiguration>(database, { table: 'ws_saved_message', keyColumn: 'name', orderBy: 'name, id' }),
    ownedConnection,
    savedMessageKind,
  );
  beforeUserDeleted((userId) => connections.deleteAllOf(userId));
  return { routers: [wsClientRouter({ connections, subscriptions, savedMessages })], cleanups: [] };
}
