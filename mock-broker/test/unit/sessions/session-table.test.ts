import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionTable, type StoredSessionFields } from '../../../src/mqtt/sessions/session-table.js';

function session(clientId: string, changes: Partial<StoredSessionFields> = {}): StoredSessionFields {
  return {
    clientId,
    sessionId: randomUUID(),
    clientType: 'DEVICE',
    nodeId: 'node-1',
    connectionState: 'DISCONNECTED',
    connectedAt: 1_795_770_000_123,
    disconnectedAt: 1_795_770_060_456,
    clientIpAdr: '192.168.1.20:51234',
    mqttVersion: 5,
    keepAliveSeconds: 65_535,
    cleanStart: false,
    sessionExpiryInterval: 0xffffffff,
    username: 'meter-user',
    ...changes,
  };
}

describe('the sessions table (what the sessions list and details show of each session)', () => {
  it('gives back every field as it was given, whatever the form of the session id and address', () => {
    const table = new SessionTable();
    const sessions = [
      session('a'),
      session('b', { sessionId: 'connection-1', clientIpAdr: '10.0.0.7', username: null, connectionState: 'CONNECTED', disconnectedAt: null }),
      session('c', { sessionId: randomUUID().toUpperCase(), clientIpAdr: '::1:5000', clientType: 'APPLICATION', cleanStart: true, mqttVersion: 4 }),
      session('d', { clientIpAdr: '127.0.0.1:007', sessionExpiryInterval: 0, keepAliveSeconds: 0, nodeId: 'node-2' }),
      session('e', { clientIpAdr: 'unknown', username: '' }),
    ];
    const slots = sessions.map((given, index) => table.put(given, index));
    sessions.forEach((given, index) => {
      expect(table.fields(slots[index] ?? -1)).toEqual(given);
      expect(table.subscriptionsCount[slots[index] ?? -1]).toBe(index);
    });
  });

  it('reuses the slot of a removed session for the next one, which keeps nothing of the old', () => {
    const table = new SessionTable();
    const first = table.put(session('gone', { sessionId: 'custom-id' }), 3);
    table.delete('gone');
    const next = session('next');
    expect(table.put(next, 0)).toBe(first);
    expect(table.fields(first)).toEqual(next);
    expect(table.slotOf.has('gone')).toBe(false);
    expect(table.size).toBe(1);
  });

  it('holds more sessions than its first columns, growing them', () => {
    const table = new SessionTable();
    const given = Array.from({ length: 5000 }, (_, index) => session(`client-${index}`, { connectedAt: index }));
    for (const one of given) table.put(one, 1);
    expect(table.fields(table.slotOf.get('client-4321') ?? -1)).toEqual(given[4321]);
    expect(table.fields(table.slotOf.get('client-7') ?? -1)).toEqual(given[7]);
  });

  it('lets go of user names and addresses no session holds any more: clients under ever new names and addresses do not grow it', () => {
    const table = new SessionTable();
    table.put(session('stays', { username: 'shared', clientIpAdr: '10.0.0.1:1000' }), 0);
    for (let index = 0; index < 1000; index++) {
      // A clean session under a new user name from a new IPv6 address (kept whole with its port), gone at disconnect.
      table.put(session(`visitor-${index}`, { username: `user-${index}`, clientIpAdr: `2001:db8::1:${index + 1024}` }), 0);
      table.delete(`visitor-${index}`);
    }
    expect(table.users.size).toBe(1);
    expect(table.hosts.size).toBe(1);
    expect(table.users.values.length).toBeLessThan(4);
    expect(table.fields(table.slotOf.get('stays') ?? -1)).toMatchObject({ username: 'shared', clientIpAdr: '10.0.0.1:1000' });
  });

  it('keeps a shared value while any session holds it, and lets the old one go when a session changes it', () => {
    const table = new SessionTable();
    table.put(session('a', { username: 'team' }), 0);
    table.put(session('b', { username: 'team' }), 0);
    table.delete('a');
    expect(table.username(table.slotOf.get('b') ?? -1)).toBe('team');
    // b connects again under another name: "team" is held by nobody now.
    table.put(session('b', { username: 'renamed', clientIpAdr: '10.9.9.9:1' }), 0);
    expect(table.users.size).toBe(1);
    expect(table.hosts.size).toBe(1);
    // A new session under the old name gets it afresh, and the reused index reads right.
    table.put(session('c', { username: 'team' }), 0);
    expect(table.username(table.slotOf.get('c') ?? -1)).toBe('team');
    expect(table.username(table.slotOf.get('b') ?? -1)).toBe('renamed');
    expect(table.users.size).toBe(2);
  });
});
