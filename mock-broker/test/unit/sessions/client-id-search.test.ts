import { describe, expect, it } from 'vitest';
import { SessionRegistry, type SessionRecord } from '../../../src/mqtt/sessions/session-registry.js';
import { ClientIdSearch } from '../../../src/sessions/client-id-search.js';

function record(clientId: string): SessionRecord {
  return {
    clientId,
    sessionId: `${clientId}-session`,
    clientType: 'DEVICE',
    nodeId: 'node-1',
    connectionState: 'CONNECTED',
    connectedAt: 1,
    disconnectedAt: null,
    clientIpAdr: '10.0.0.1:1883',
    mqttVersion: 5,
    keepAliveSeconds: 60,
    cleanStart: false,
    sessionExpiryInterval: 3600,
    username: null,
    subscriptions: [],
  };
}

/** What the list matched before the search existed: a case-insensitive expression per client id. */
function expected(registry: SessionRegistry, search: string): string[] {
  const pattern = new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return [...registry.table.slotOf.keys()].filter((clientId) => pattern.test(clientId)).sort();
}

function found(registry: SessionRegistry, marks: Uint8Array): string[] {
  return [...registry.table.slotOf].filter(([, slot]) => marks[slot] === 1).map(([clientId]) => clientId).sort();
}

const NAMES = ['Sensor-A1', 'sensor-a2', 'GATEWAY-7', 'gateway-70', 'pump/β-3', 'ΣENSOR-9', 'K-meter', 'line-01', 'line-10'];
const SEARCHES = ['sensor', 'SENSOR-A', 'a', '-7', 'gateway-7', 'line-0', 'β', 'σensor', 'k-m', 'nothing'];

describe('client id search of the sessions list (textSearch and clientId filters)', () => {
  it('matches what a case-insensitive expression matches while sessions come and go, with other text answered one by one', () => {
    const registry = new SessionRegistry();
    const search = new ClientIdSearch(registry);
    let state = 11;
    const random = (below: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % below;
    for (let round = 0; round < 60; round += 1) {
      const changes = round % 15 === 14 ? 300 : 1 + random(8);
      for (let change = 0; change < changes; change += 1) {
        const clientId = `${NAMES[random(NAMES.length)]}-${random(40)}`;
        if (random(3) === 0) registry.remove(clientId);
        else registry.connected(record(clientId));
      }
      for (const text of SEARCHES) {
        const marks = search.matching(text);
        // Plain ASCII searches are answered from the text; others (β, σ) by the caller's own walk.
        if (/^[\x20-\x7e]+$/.test(text)) expect(marks, text).toBeDefined();
        if (marks) expect(found(registry, marks), `${text} in round ${round}`).toEqual(expected(registry, text));
        else expect(/^[\x20-\x7e]+$/.test(text)).toBe(false);
      }
    }
  });
});
