import type { Router } from 'express';
import type { Database } from '../database/database.js';
import type { UserRole } from '../users/user.js';
import { ConnectionItemRepository } from './connection-item-repository.js';
import { savedMessageKind, subscriptionKind, type WsSavedMessageConfiguration, type WsSubscriptionConfiguration } from './connection-item-kinds.js';
import { ConnectionItemService } from './connection-item-service.js';
import { StorageBudget } from './storage-budget.js';
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
  /** A user's role as stored now. */
  roleOf(userId: string): UserRole | undefined;
  /** Registers work to do when a user's role changes (the users area calls it). */
  afterRoleChanged(listener: (userId: string, role: UserRole) => Promise<void>): void;
  /** STARLING_WS_CLIENT_MAX_BYTES_PER_USER: what one user's connections, subscriptions and saved messages keep, at most. */
  maxBytesPerUser: number;
}

/** The web-socket client's saved connections, subscriptions and messages (spec section 9), per user. */
export function startWsClient({ database, credentials, beforeUserDeleted, roleOf, afterRoleChanged, maxBytesPerUser }: WsClientAreaNeeds): { routers: Router[]; cleanups: (() => void)[] } {
  const repository = new WsConnectionRepository(database);
  credentials.markGenerated(repository.autoCredentialsIds());
  const budget = new StorageBudget(database, maxBytesPerUser);
  // A read-only account's AUTO connections may subscribe but not publish (openapi.yaml saveWsConnection).
  const connections = new WsConnectionService(repository, credentials, budget, (userId) => roleOf(userId) !== 'READ_ONLY');
  const ownedConnection = (userId: string, connectionId: string) => connections.owned(userId, connectionId);
  const subscriptions = new ConnectionItemService(
    new ConnectionItemRepository<WsSubscriptionConfiguration>(database, { table: 'ws_subscription', keyColumn: 'topic_filter', orderBy: 'created_time, id' }),
    ownedConnection,
    subscriptionKind,
    budget,
  );
  const savedMessages = new ConnectionItemService(
    new ConnectionItemRepository<WsSavedMessageConfiguration>(database, { table: 'ws_saved_message', keyColumn: 'name', orderBy: 'name, id' }),
    ownedConnection,
    savedMessageKind,
    budget,
  );
  beforeUserDeleted((userId) => connections.deleteAllOf(userId));
  afterRoleChanged((userId, role) => connections.allowPublishing(userId, role !== 'READ_ONLY'));
  return { routers: [wsClientRouter({ connections, subscriptions, savedMessages })], cleanups: [] };
}
