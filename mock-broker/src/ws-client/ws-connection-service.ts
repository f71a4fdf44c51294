import { randomUUID } from 'node:crypto';
import type { Page } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import { AUTO_CREDENTIALS_NAME, generatedPassword, generatedUsername, type CredentialsPort } from './connection-credentials.js';
import {
  connectionInfo,
  connectionView,
  type CredentialsMode,
  type StoredConnection,
  storedOptionsOf,
  type WsConnectionConfiguration,
  type WsConnectionInfo,
  type WsConnectionSaveRequest,
  type WsConnectionView,
} from './ws-connection.js';
import type { StorageBudget } from './storage-budget.js';
import type { WsConnectionPageQuery, WsConnectionRepository } from './ws-connection-repository.js';

/** Spec section 9: the web-socket client keeps at most 100 connections per user. */
export const MAX_CONNECTIONS_PER_USER = 100;

/** What a save settles about credentials, and how to take back what it did should the row not be stored. */
interface SettledCredentials {
  clientCredentialsId: string | null;
  username: string | null;
  password: string | null;
  undo: () => Promise<void>;
}

const nothingToUndo = async () => undefined;

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw ApiError.invalidArguments('body.configuration.url is not a valid URL');
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw ApiError.invalidArguments('body.configuration.url must be a ws:// or wss:// URL');
  if (parsed.hostname === '') throw ApiError.invalidArguments('body.configuration.url must name a host');
}


/** The credentials made for an AUTO connection, or undefined for the other modes. */
const autoCredentialsId = (connection: StoredConnection | undefined) =>
  connection?.configuration.credentialsMode === 'AUTO' ? (connection.configuration.clientCredentialsId ?? undefined) : undefined;

/**
 * The mode a save asks for. The production broker has none: a connection that links client
 * credentials uses them (EXISTING; AUTO still when they are the ones made for it), one that does not
 * has its own username (CUSTOM).
 */
function modeOf({ credentialsMode, clientCredentialsId }: WsConnectionConfiguration, existing: StoredConnection | undefined): CredentialsMode {
  if (credentialsMode) return credentialsMode;
  if (!clientCredentialsId) return 'CUSTOM';
  return clientCredentialsId === autoCredentialsId(existing) ? 'AUTO' : 'EXISTING';
}

/**
 * The web-socket client's saved connections (openapi.yaml saveWsConnection): each user's own, with
 * credentials that are generated for it (AUTO), borrowed (EXISTING) or its own (CUSTOM).
 */
export class WsConnectionService {
  constructor(
    private readonly repository: WsConnectionRepository,
    private readonly credentials: CredentialsPort,
    private readonly budget: StorageBudget,
    /** Whether the user's AUTO credentials may publish: an administrator's may, a read-only account's may only subscribe. */
    private readonly mayPublish: (userId: string) => boolean,
  ) {}

  page(userId: string, query: WsConnectionPageQuery): Page<WsConnectionInfo> {
    const page = this.repository.page(userId, query);
    return { ...page, data: page.data.map(connectionInfo) };
  }

  get(userId: string, id: string): WsConnectionView {
    return connectionView(this.owned(userId, id));
  }

  getByName(userId: string, name: string): WsConnectionView {
    // Names are kept trimmed (save), so they are looked up trimmed.
    const connection = this.repository.findByName(userId, name.trim());
    if (!connection) throw ApiError.notFound(`Connection named "${name}" is not found`);
    return connectionView(connection);
  }

  /** The user's connection; another user's answers 404 like one that does not exist. */
  owned(userId: string, id: string): StoredConnection {
    const connection = this.repository.find(userId, id);
    if (!connection) throw ApiError.notFound(`Connection with id ${id} is not found`);
    return connection;
  }

  /**
   * `signedInAsAnotherUser`: an administrator signed in as the owner saves. Such a session never reads
   * the owner's password, and must not send it elsewhere either: moving the connection to another URL
   * drops a CUSTOM password it kept.
   */
  async save(userId: string, request: WsConnectionSaveRequest, { signedInAsAnotherUser = false } = {}, now = Date.now()): Promise<WsConnectionView> {
    const existing = request.id === undefined ? undefined : this.owned(userId, request.id);
    const id = existing?.id ?? randomUUID();
    const name = request.name.trim();
    const mode = modeOf(request.configuration, existing);
    const options = storedOptionsOf(request.configuration);
    checkUrl(options.url);
    this.checkRoom(userId, id, name, existing);
    const keepsPassword = !signedInAsAnotherUser || existing?.configuration.url === options.url;
    const settled = await this.settleCredentials(mode, request.configuration, existing, keepsPassword, this.mayPublish(userId));
    const connection: StoredConnection = {
      id,
      createdTime: existing?.createdTime ?? now,
      userId,
      name,
      configuration: {
        ...options,
        credentialsMode: mode,
        clientCredentialsId: settled.clientCredentialsId,
        username: settled.username,
        // The generated password is always kept: nobody could type it in.
        passwordRequired: mode !== 'AUTO' && request.configuration.passwordRequired === true,
      },
      password: settled.password,
    };
    try {
      // Checked again with the write: another request may have taken the name while credentials were made.
      this.repository.transaction(() => {
        this.checkRoom(userId, id, name, existing);
        const { row, bytes } = this.repository.rowOf(connection);
        this.budget.check(userId, row, bytes, 'body.configuration');
        this.repository.save(connection);
      });
    } catch (error) {
      await settled.undo();
      throw error;
    }
    const previous = autoCredentialsId(existing);
    if (previous !== undefined && previous !== settled.clientCredentialsId) await this.credentials.delete(previous);
    return connectionView(connection);
  }

  /** Deletes the connection with its subscriptions and saved messages, then the credentials made for it. */
  async delete(userId: string, id: string): Promise<void> {
    const connection = this.owned(userId, id);
    if (!this.repository.delete(userId, id)) throw ApiError.notFound(`Connection with id ${id} is not found`);
    const made = autoCredentialsId(connection);
    if (made !== undefined) await this.credentials.delete(made);
  }

  /** A deleted user's connections go, and the credentials made for them. */
  async deleteAllOf(userId: string): Promise<void> {
    for (const connection of this.repository.deleteAllOf(userId)) {
      const made = autoCredentialsId(connection);
      if (made !== undefined) await this.credentials.delete(made);
    }
  }

  private checkRoom(userId: string, id: string, name: string, existing: StoredConnection | undefined): void {
    // Deleted while its credentials were being made: an update must not bring it back.
    if (existing && !this.repository.find(userId, id)) throw ApiError.notFound(`Connection with id ${id} is not found`);
    const holder = this.repository.findByName(userId, name);
    if (holder && holder.id !== id) throw ApiError.conflict(`body.name: a connection named "${name}" already exists`);
    if (!existing && this.repository.count(userId) >= MAX_CONNECTIONS_PER_USER) {
      throw ApiError.conflict(`A user keeps at most ${MAX_CONNECTIONS_PER_USER} connections: delete one first`);
    }
  }

  /**
   * The credentials made for the user's AUTO connections follow the user's role: a read-only account
   * changes nothing through MQTT either (no publishing, so no retained message set or cleared), while
   * it may still watch topics.
   */
  async allowPublishing(userId: string, allowed: boolean): Promise<void> {
    for (const connection of this.repository.allOf(userId)) {
      const made = autoCredentialsId(connection);
      if (made !== undefined && this.credentials.exists(made)) await this.credentials.allowPublishing(made, allowed);
    }
  }

  private async settleCredentials(mode: CredentialsMode, configuration: WsConnectionConfiguration, existing: StoredConnection | undefined, keepsPassword: boolean, publishing: boolean): Promise<SettledCredentials> {
    switch (mode) {
      case 'AUTO':
        return this.autoCredentials(configuration.clientId, existing, publishing);
      case 'EXISTING': {
        const id = configuration.clientCredentialsId ?? null;
        if (id === null || !this.credentials.exists(id)) {
          throw ApiError.invalidArguments(`body.configuration.clientCredentialsId: no client credentials with id ${id ?? 'null'} exist`);
        }
        return { clientCredentialsId: id, username: configuration.username ?? null, password: null, undo: nothingToUndo };
      }
      case 'CUSTOM': {
        // On update, a password left out keeps the stored one (only a CUSTOM one is the user's own); null removes it.
        const kept = keepsPassword && existing?.configuration.credentialsMode === 'CUSTOM' ? existing.password : null;
        const password = configuration.passwordRequired === true ? null : configuration.password === undefined ? kept : configuration.password;
        return { clientCredentialsId: null, username: configuration.username ?? null, password, undo: nothingToUndo };
      }
    }
  }

  /**
   * AUTO: the credentials made for the connection, their client id kept in step with its own; new
   * ones when there are none yet or someone deleted them.
   */
  private async autoCredentials(clientId: string, existing: StoredConnection | undefined, publishing: boolean): Promise<SettledCredentials> {
    const madeId = autoCredentialsId(existing);
    if (existing && madeId !== undefined && this.credentials.exists(madeId)) {
      const previousClientId = existing.configuration.clientId;
      if (previousClientId === clientId) return { clientCredentialsId: madeId, username: existing.configuration.username ?? null, password: existing.password, undo: nothingToUndo };
      await this.credentials.changeClientId(madeId, clientId);
      return {
        clientCredentialsId: madeId,
        username: existing.configuration.username ?? null,
        password: existing.password,
        undo: () => this.credentials.changeClientId(madeId, previousClientId),
      };
    }
    const username = generatedUsername();
    const password = generatedPassword();
    const createdId = await this.credentials.createBasic({ name: AUTO_CREDENTIALS_NAME, clientId, userName: username, password, publishing });
    return { clientCredentialsId: createdId, username, password, undo: () => this.credentials.delete(createdId) };
  }
}
