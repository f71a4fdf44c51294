import { wholeMatch } from '../credentials/topic-rules.js';

export type BlockedClientType = 'CLIENT_ID' | 'USERNAME' | 'IP_ADDRESS' | 'REGEX';
export type RegexMatchTarget = 'BY_CLIENT_ID' | 'BY_USERNAME' | 'BY_IP_ADDRESS';
export type BlockedClientStatus = 'ACTIVE' | 'EXPIRED';

export interface BlockedClient {
  type: BlockedClientType;
  value: string;
  /** Only for REGEX: which field the expression is matched against. */
  regexMatchTarget: RegexMatchTarget | undefined;
  /** Epoch milliseconds; 0 never expires. */
  expirationTime: number;
  description: string | undefined;
  createdTime: number;
}

/** The contract's BlockedClient: names null when unset, as production brokers answer; createdTime is Starling's. */
export interface BlockedClientView extends Omit<BlockedClient, 'regexMatchTarget' | 'description'> {
  regexMatchTarget: RegexMatchTarget | null;
  description: string | null;
  status: BlockedClientStatus;
}

/** What a connecting client offers for blocking: its client id, username and address. */
export interface BlockableClient {
  clientId: string;
  username: string | undefined;
  address: string;
}

export function statusOf(entry: BlockedClient, now = Date.now()): BlockedClientStatus {
  return entry.expirationTime !== 0 && entry.expirationTime <= now ? 'EXPIRED' : 'ACTIVE';
}

export function viewOf(entry: BlockedClient, now = Date.now()): BlockedClientView {
  return { ...entry, regexMatchTarget: entry.regexMatchTarget ?? null, description: entry.description ?? null, status: statusOf(entry, now) };
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; blocks are written as a.b.c.d. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

function regexTarget(entry: BlockedClient, client: BlockableClient): string | undefined {
  if (entry.regexMatchTarget === 'BY_USERNAME') return client.username;
  if (entry.regexMatchTarget === 'BY_IP_ADDRESS') return plainAddress(client.address);
  return client.clientId;
}

/** Whether an active entry blocks this client; regular expressions match the whole field. */
export function blocks(entry: BlockedClient, client: BlockableClient, now = Date.now()): boolean {
  if (statusOf(entry, now) === 'EXPIRED') return false;
  switch (entry.type) {
    case 'CLIENT_ID':
      return entry.value === client.clientId;
    case 'USERNAME':
      return entry.value === client.username;
    case 'IP_ADDRESS':
      return entry.value === plainAddress(client.address);
    case 'REGEX': {
      const target = regexTarget(entry, client);
      return target !== undefined && wholeMatch(entry.value).test(target);
    }
  }
}
