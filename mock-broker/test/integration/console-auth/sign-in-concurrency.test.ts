import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';

// Security review N3 and N12: sign-in limits (console and MQTT) that concurrent guesses cannot get
// past, and refusals that take as long for an unknown account as for a known one.

const LIMIT = 3;
let node: TestNode;
const raw = new RawClients(() => node.mqttPort);

beforeAll(async () => {
  node = await startTestNode({ signInMaxFailures: LIMIT, signInWindowSeconds: 300 });
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: 'Meter', value: { userName: 'meter', password: 'right' } });
  await saveCredentials(api, { name: 'Fleet', value: { userName: 'fleet', password: 'right' } });
});
afterAll(async () => {
  raw.closeAll();
  await node.destroy();
});

function signIn(username: string, password: string, base = node.baseUrl) {
  return fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
}

describe('sign-in limits under concurrent guesses', () => {
  it('compares no more console passwords for one account than its limit, however many arrive at once (the rest: 429)', async () => {
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, index) => signIn('sysadmin@starling.local', `guess-${index}`).then((answer) => answer.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - LIMIT);
  });

  it('checks no more MQTT passwords for one username than its limit when 60 CONNECTs arrive at once (the rest: 0x87 unchecked)', async () => {
    const codes = await Promise.all(Array.from({ length: 60 }, (_, index) => raw.connect({ clientId: `guess-${index}`, username: 'meter', password: Buffer.from(`guess-${index}`) }).then(({ connack }) => connack.reasonCode)));
    expect(codes.filter((code) => code === 0x86)).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === 0x87)).toHaveLength(60 - LIMIT);
  });

  it('still lets 30 clients with the right password in at once: they take turns rather than being refused', async () => {
    const codes = await Promise.all(Array.from({ length: 30 }, (_, index) => raw.connect({ clientId: `fleet-${index}`, username: 'fleet', password: Buffer.from('right') }).then(({ connack }) => connack.reasonCode)));
    expect(codes).toEqual(Array.from({ length: 30 }, () => 0));
  });
});

describe('sign-in timing', () => {
  let roomy: TestNode;
  beforeAll(async () => {
    roomy = await startTestNode({ signInMaxFailures: 1000, signInWindowSeconds: 300 });
  });
  afterAll(() => roomy.destroy());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  async function timeOf(username: string): Promise<number> {
    const started = performance.now();
    expect((await signIn(username, 'not-the-password', roomy.baseUrl)).status).toBe(401);
    return performance.now() - started;
  }

  it('refuses an unknown account no sooner than a known one with a wrong password (it compares a hash either way)', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      known.push(await timeOf('sysadmin@starling.local'));
      unknown.push(await timeOf(`nobody-${round}@example.com`));
    }
    // Without the comparison an unknown account answered about fifty times sooner; a loaded machine
    // slows both alike, so the bound is one-sided and generous.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
