import fs from 'node:fs';
import path from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { createSettledUser } from '../../support/api/users.js';
import { postConnection, saveConnection, wsConfiguration, type ErrorAnswer } from '../../support/api/ws-connections.js';

/**
 * Issue 26 N17: the web-socket client's storage is bounded in bytes per user, not only in counts
 * (100 connections of 100 subscriptions and 100 saved messages each would let one user keep
 * gigabytes). STARLING_WS_CLIENT_MAX_BYTES_PER_USER is set low here so that the test fills it.
 */
const BOUND = 256 * 1024;
/** The contract's longest saved-message payload. */
const LONGEST_PAYLOAD = 65536;
let node: TestNode;
let api: ApiClient;
let connectionId: string;
let closed = false;

/**
 * The size of the closed node's database file once its write-ahead log is written into it (the node
 * leaves the log beside the file; it holds old copies of pages too, so only the file tells what is kept).
 */
function databaseFileSize(): number {
  const file = path.join(node.dataDir, 'starling.sqlite');
  // The lock node-sqlite3-wasm leaves behind, as a node's start clears it.
  fs.rmSync(`${file}.lock`, { recursive: true, force: true });
  const database = new sqlite.Database(file);
  try {
    // Without shared memory, SQLite reads a WAL database only with the lock held for the connection's life.
    database.exec('PRAGMA locking_mode = EXCLUSIVE');
    database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
  return fs.statSync(file).size;
}

async function start(dataDir?: string): Promise<void> {
  node = await startTestNode({ wsClientMaxBytesPerUser: BOUND, ...(dataDir === undefined ? {} : { dataDir }) });
  api = new ApiClient(node.baseUrl);
  await api.signIn();
}

/** Closes the node: its database file can then be measured. */
async function closeNode(): Promise<void> {
  await node.close();
  closed = true;
}

const saveMessage = (client: ApiClient, webSocketConnectionId: string, name: string, payload: string) =>
  client.call<{ id: string } & ErrorAnswer>('POST', '/api/ws/saved-message', {
    webSocketConnectionId,
    name,
    configuration: { topic: 'plant/line-1', qos: 0, retain: false, payload, payloadType: 'STRING' },
  });

const expectRefusedForRoom = (answer: { status: number; body: ErrorAnswer }) => {
  expect(answer.status).toBe(413);
  expect(answer.body.message).toMatch(new RegExp(`^body\\.configuration: the web-socket client keeps at most ${BOUND} bytes per user`));
};

/** The longest payload (of one-byte characters) that still fits, found by trying: each fit is deleted again. */
async function longestFittingPayload(): Promise<number> {
  let fits = -1;
  let refused = LONGEST_PAYLOAD + 1;
  while (refused - fits > 1) {
    const length = Math.floor((fits + refused) / 2);
    const answer = await saveMessage(api, connectionId, 'probe', 'x'.repeat(length));
    if (answer.status === 200) {
      fits = length;
      expect((await api.call('DELETE', `/api/ws/saved-message/${answer.body.id}`)).status).toBe(200);
    } else {
      expectRefusedForRoom(answer);
      refused = length;
    }
  }
  return fits;
}

let sizeBefore: number;

beforeAll(async () => {
  // The database file as a fresh node leaves it, everything written into it.
  await start();
  const dataDir = node.dataDir;
  await closeNode();
  sizeBefore = databaseFileSize();
  closed = false;
  await start(dataDir);
});

afterAll(async () => {
  if (closed) fs.rmSync(node.dataDir, { recursive: true, force: true });
  else await node.destroy();
});

describe("the web-socket client's storage per user", () => {
  it('takes saves up to the bound to the byte, and refuses one byte more naming the field', async () => {
    connectionId = (await saveConnection(api, 'Line 1', { clientId: 'line-1' })).id;
    const full = 'f'.repeat(LONGEST_PAYLOAD);
    const saved: string[] = [];
    for (;;) {
      const answer = await saveMessage(api, connectionId, `full-${saved.length}`, full);
      if (answer.status !== 200) {
        expectRefusedForRoom(answer);
        break;
      }
      saved.push(answer.body.id);
      expect(saved.length).toBeLessThan(BOUND / LONGEST_PAYLOAD);
    }
    expect(saved.length).toBe(3);
    const longest = await longestFittingPayload();
    expect(longest).toBeGreaterThan(0);
    expect((await saveMessage(api, connectionId, 'last', 'x'.repeat(longest))).status).toBe(200);
    // Now full to the byte: the shortest save of each kind is refused.
    expectRefusedForRoom(await saveMessage(api, connectionId, 'y', ''));
    expectRefusedForRoom(await api.call<ErrorAnswer>('POST', '/api/ws/subscription', { webSocketConnectionId: connectionId, configuration: { topicFilter: 'a', qos: 0 } }));
    expectRefusedForRoom(await postConnection(api, { name: 'L', configuration: wsConfiguration({ clientId: 'l' }) }));
    // An update is measured without the row it replaces: a shorter payload fits, and frees room.
    const shorter = await api.call<ErrorAnswer>('POST', '/api/ws/saved-message', {
      id: saved[0],
      webSocketConnectionId: connectionId,
      name: 'full-0',
      configuration: { topic: 'plant/line-1', qos: 0, retain: false, payload: 'short', payloadType: 'STRING' },
    });
    expect(shorter.status).toBe(200);
    expect((await saveMessage(api, connectionId, 'after-shortening', 'x'.repeat(1000))).status).toBe(200);
  });

  it("is each user's own: another administrator still saves", async () => {
    await createSettledUser(api, 'second@starling.local', 'second-admin-pw');
    const other = new ApiClient(node.baseUrl);
    await other.signIn('second@starling.local', 'second-admin-pw');
    const own = await saveConnection(other, 'Line 2', { clientId: 'line-2' });
    expect((await saveMessage(other, own.id, 'big', 'g'.repeat(LONGEST_PAYLOAD))).status).toBe(200);
  });

  it('keeps the database file from growing past the bound, however often a full user tries', async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) expectRefusedForRoom(await saveMessage(api, connectionId, `flood-${attempt}`, 'z'.repeat(LONGEST_PAYLOAD)));
    await closeNode();
    // Two users' worth, each at most the bound; pages and indexes add a little.
    expect(databaseFileSize() - sizeBefore).toBeLessThanOrEqual(2 * BOUND * 1.25);
  });
});
