import { randomUUID } from 'node:crypto';
import type { Page, PageRequest } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import type { ConnectionItem, ConnectionItemRepository } from './connection-item-repository.js';
import type { StorageBudget } from './storage-budget.js';
import type { StoredConnection } from './ws-connection.js';

/** Spec section 9: a connection keeps at most 100 subscriptions and 100 saved messages. */
export const MAX_ITEMS_PER_CONNECTION = 100;

/** A save request of a subscription or a saved message (the contract's WsSubscriptionSave, WsSavedMessageSave). */
export interface ConnectionItemSaveRequest<Configuration> {
  id?: string;
  /** Taken and not read: an answer sent back as it is. */
  createdTime?: number;
  webSocketConnectionId: string;
  name?: string;
  configuration: Configuration;
}

/** What tells one kind of item from the other. */
export interface ConnectionItemKind<Configuration, View> {
  /** "subscription", "saved message": for messages. */
  noun: string;
  /** The field the key comes from, for the message of a clash. */
  keyField: string;
  /** The request's key, checked (400 naming the field when it is not a valid one). */
  keyOf(request: ConnectionItemSaveRequest<Configuration>): string;
  /** What is kept of a save's configuration, checked (400 naming the field). */
  storedOf(configuration: Configuration): Configuration;
  viewOf(item: ConnectionItem<Configuration>): View;
}

/**
 * Subscriptions or saved messages of the signed-in user's connections: at most 100 per connection,
 * their keys unique, within the user's storage budget.
 */
export class ConnectionItemService<Configuration, View> {
  constructor(
    private readonly repository: ConnectionItemRepository<Configuration>,
    /** The user's connection, or 404. */
    private readonly ownedConnection: (userId: string, connectionId: string) => StoredConnection,
    private readonly kind: ConnectionItemKind<Configuration, View>,
    private readonly budget: StorageBudget,
  ) {}

  list(userId: string, connectionId: string): View[] {
    this.ownedConnection(userId, connectionId);
    return this.repository.list(connectionId).map((item) => this.kind.viewOf(item));
  }

  page(userId: string, connectionId: string, request: PageRequest): Page<View> {
    this.ownedConnection(userId, connectionId);
    const page = this.repository.page(connectionId, request);
    return { ...page, data: page.data.map((item) => this.kind.viewOf(item)) };
  }

  get(userId: string, id: string): View {
    return this.kind.viewOf(this.owned(userId, id));
  }

  save(userId: string, request: ConnectionItemSaveRequest<Configuration>, now = Date.now()): View {
    const existing = request.id === undefined ? undefined : this.owned(userId, request.id);
    const connectionId = request.webSocketConnectionId;
    if (existing && existing.webSocketConnectionId !== connectionId) {
      throw ApiError.invalidArguments(`body.webSocketConnectionId: a ${this.kind.noun} stays with its connection (${existing.webSocketConnectionId})`);
    }
    this.ownedConnection(userId, connectionId);
    const key = this.kind.keyOf(request);
    const id = existing?.id ?? randomUUID();
    const holder = this.repository.holderOf(connectionId, key);
    if (holder !== undefined && holder !== id) throw ApiError.conflict(`${this.kind.keyField}: the connection already has a ${this.kind.noun} "${key}"`);
    if (!existing && this.repository.count(connectionId) >= MAX_ITEMS_PER_CONNECTION) {
      throw ApiError.conflict(`A connection keeps at most ${MAX_ITEMS_PER_CONNECTION} of each: delete a ${this.kind.noun} first`);
    }
    const item = { id, createdTime: existing?.createdTime ?? now, webSocketConnectionId: connectionId, key, configuration: this.kind.storedOf(request.configuration) };
    const { row, bytes } = this.repository.rowOf(item);
    this.budget.check(userId, row, bytes, 'body.configuration');
    this.repository.save(item);
    return this.kind.viewOf(item);
  }

  delete(userId: string, id: string): void {
    this.owned(userId, id);
    this.repository.delete(id);
  }

  private owned(userId: string, id: string): ConnectionItem<Configuration> {
    const item = this.repository.find(userId, id);
    if (!item) throw ApiError.notFound(`The ${this.kind.noun} with id ${id} is not found`);
    return item;
  }
}
