import net from 'node:net';
import { patternError } from '../credentials/topic-rules.js';
import type { Page } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import { blocks, viewOf, type BlockableClient, type BlockedClient, type BlockedClientType, type BlockedClientView, type RegexMatchTarget } from './blocked-client.js';
import type { BlockedClientPageQuery, BlockedClientRepository } from './blocked-client-repository.js';

/** The contract's BlockedClientSave: the value in the field of its type, as production brokers take it. */
export interface BlockedClientSave {
  type: BlockedClientType;
  clientId?: string;
  username?: string;
  ipAddress?: string;
  pattern?: string;
  regexMatchTarget?: RegexMatchTarget;
  expirationTime?: number;
  description?: string;
}

/** Which body field holds the value of each type. */
export const VALUE_FIELDS = { CLIENT_ID: 'clientId', USERNAME: 'username', IP_ADDRESS: 'ipAddress', REGEX: 'pattern' } as const satisfies Record<BlockedClientType, keyof BlockedClientSave>;

function checkedValue(request: BlockedClientSave): string {
  const field = VALUE_FIELDS[request.type];
  const value = (request[field] ?? '').trim();
  if (value === '') throw ApiError.invalidArguments(`body.${field} must not be blank`);
  if (request.type === 'IP_ADDRESS' && net.isIP(value) === 0) throw ApiError.invalidArguments(`body.ipAddress "${value}" is not an IP address`);
  if (request.type === 'REGEX') {
    const error = patternError(value);
    if (error !== undefined) throw ApiError.invalidArguments(`body.pattern is not a valid regular expression: ${error}`);
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
    // As production brokers answer: an entry is changed by deleting it and adding it again.
    if (this.repository.find(request.type, value)) throw ApiError.invalidArguments(`body.${VALUE_FIELDS[request.type]}: such a blocked client already exists`);
    const entry: BlockedClient = {
      type: request.type,
      value,
      regexMatchTarget: request.type === 'REGEX' ? request.regexMatchTarget : undefined,
      expirationTime: request.expirationTime ?? 0,
      description: request.description,
      createdTime: now,
    };
    this.repository.save(entry);
    this.entries = this.repository.all();
    await this.onChange();
    return viewOf(entry, now);
  }

  /** A REGEX entry is named with its target too; another target than the entry's finds nothing. */
  delete(type: BlockedClientType, value: string, regexMatchTarget?: RegexMatchTarget): void {
    const entry = this.repository.find(type, value);
    if (!entry || entry.regexMatchTarget !== (type === 'REGEX' ? regexMatchTarget : undefined) || !this.repository.delete(type, value)) {
      throw ApiError.notFound(`Blocked client ${type} "${value}" is not found`);
    }
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
