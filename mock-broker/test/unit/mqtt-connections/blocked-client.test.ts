import { describe, expect, it } from 'vitest';
import { blocks, statusOf, type BlockedClient } from '../../../src/blocked-clients/blocked-client.js';

const entry = (overrides: Partial<BlockedClient>): BlockedClient => ({
  type: 'CLIENT_ID',
  value: 'x',
  regexMatchTarget: undefined,
  expirationTime: 0,
  description: undefined,
  createdTime: 0,
  ...overrides,
});

const client = { clientId: 'meter-12', username: 'meters', address: '::ffff:10.0.0.7' };

describe('blocked clients', () => {
  it('match client id, username and address exactly; an IPv4 client on a dual-stack socket by its plain address', () => {
    expect(blocks(entry({ value: 'meter-12' }), client)).toBe(true);
    expect(blocks(entry({ value: 'meter-1' }), client)).toBe(false);
    expect(blocks(entry({ type: 'USERNAME', value: 'meters' }), client)).toBe(true);
    expect(blocks(entry({ type: 'IP_ADDRESS', value: '10.0.0.7' }), client)).toBe(true);
  });

  it('match a regular expression against the whole target field', () => {
    expect(blocks(entry({ type: 'REGEX', value: 'meter-\\d+', regexMatchTarget: 'BY_CLIENT_ID' }), client)).toBe(true);
    expect(blocks(entry({ type: 'REGEX', value: 'meter', regexMatchTarget: 'BY_CLIENT_ID' }), client)).toBe(false);
    expect(blocks(entry({ type: 'REGEX', value: '10\\.0\\..*', regexMatchTarget: 'BY_IP_ADDRESS' }), client)).toBe(true);
    expect(blocks(entry({ type: 'REGEX', value: '.*', regexMatchTarget: 'BY_USERNAME' }), { ...client, username: undefined })).toBe(false);
  });

  it('stop blocking when they expire', () => {
    const expiring = entry({ value: 'meter-12', expirationTime: 1000 });
    expect(statusOf(expiring, 999)).toBe('ACTIVE');
    expect(blocks(expiring, client, 1000)).toBe(false);
    expect(statusOf(expiring, 1000)).toBe('EXPIRED');
  });
});
