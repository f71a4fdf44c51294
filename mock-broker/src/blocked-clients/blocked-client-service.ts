import net from 'node:net';
import { patternError } from '../credentials/topic-rules.js';
import type { Page } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import { blocks, viewOf, type BlockableClient, type BlockedClient, type BlockedClientType, type BlockedClientView, type RegexMatchTarget } from './blocked-client.js';
import type { BlockedClientPageQuery, BlockedClientRepository } from './blocked-client-repository.js';

export interface BlockedClientSave {
  type: BlockedClientType;
  value: string;
  regexMatchTarget?: RegexMatchTarget;
  expirationTime?: number;
  description?: string;
}

function checkedValue(request: BlockedClientSave): string {
  const value = request.value.trim();
  if (value === '') throw ApiError.invalidArguments('body.value must not be blank');
  if (request.type === 'IP_ADDRESS' && net.isIP(value) === 0) throw ApiError.invalidArguments(`body.value "${value}" is not an IP address`);
  if (request.type === 'REGEX') {
    const error = patternError(value);
    if (error !== undefined) throw ApiError.invalidArguments(`body.value is not a valid regular expression: ${error}`);
    if (request.regexMatchTarget === undefined) throw ApiError.invalidArguments('body.regexMatchTarget is required for REGEX: BY_CLIENT_ID, BY_USERNAME or BY_IP_ADDRESS');
  }
  return value;
}

/**
 * Blocked clients (BROKER-API.md "blocked clients"). Every entry is also kept in memory, so the
 * CONNECT check never reads SQLite; onChange lets connected clients be checked again.
 */
export class BlockedClientService {
  private entries: BlockedClient[];

  constructor(
    private readonly repository: BlockedClientRepository,
    private readonly onChange: () => Promise<unknown> = async () => undefined,
  ) {
    this.entries = repository.all();
  }

  async save(request: BlockedClientSave, now = Date.now()): Promise<BlockedClientView> {
    const value = checkedValue(request);
    const existing = this.repository.find(request.type, value);
    const entry: BlockedClient = {
      type: request.type,
      value,
      regexMatchTarget: request.type === 'REGEX' ? request.regexMatchTarget : undefined,
      expirationTime: request.expirationTime ?? 0,
      description: request.description,
      createdTime: existing?.createdTime ?? now,
    };
    this.repository.save(entry);
    this.entries = this.repository.all();
    await this.onChange();
    return viewOf(entry, now);
  }

  delete(type: BlockedClientType, value: string): void {
    if (!this.repository.delete(type, value)) throw ApiError.notFound(`Blocked client ${type} "${value}" is not found`);
    this.entries = this.repository.all();
  }

  page(query: BlockedClientPageQuery, now = Date.now()): Page<BlockedClientView> {
    const page = this.repository.page(query, now);
    return { ...page, data: page.data.map((entry) => viewOf(entry, now)) };
  }

  /** The active entry that blocks this client, if any. */
  blocking(client: BlockableClient, now = Date.now()): BlockedClient | undefined {
    return this.entries.find((entry) => blocks(entry, client, now));
  }
}
