import { describe, expect, it } from 'vitest';
import { SessionRegistry, type SessionRecord } from '../../../src/mqtt/sessions/session-registry.js';

function connectedSession(sessionExpiryInterval: number): SessionRecord {
  return {
    clientId: 'sensor-1',
    sessionId: 'connection-1',
    clientType: 'DEVICE',
    nodeId: 'node-1',
    connectionState: 'CONNECTED',
    connectedAt: 1000,
    disconnectedAt: null,
    clientIpAdr: '127.0.0.1:50000',
    mqttVersion: 5,
    keepAliveSeconds: 60,
    cleanStart: true,
    sessionExpiryInterval,
    username: null,
    subscriptions: [],
  };
}

function registryWithStore() {
  const stored = new Map<string, number>();
  const registry = new SessionRegistry({
    save: (record) => stored.set(record.clientId, record.sessionExpiryInterval),
    delete: (clientId) => stored.delete(clientId),
  });
  return { registry, stored };
}

describe('the Session Expiry Interval a DISCONNECT sets (MQTT 5 section 3.14.2.2.2)', () => {
  it('is the one the offline session keeps, and stores, so that a restart expires it on time', () => {
    const { registry, stored } = registryWithStore();
    registry.connected(connectedSession(1));
    registry.disconnected('sensor-1', 2000, 99999);
    expect(registry.get('sensor-1')).toMatchObject({ connectionState: 'DISCONNECTED', disconnectedAt: 2000, sessionExpiryInterval: 99999 });
    expect(stored.get('sensor-1')).toBe(99999);
  });

  it('ends the session with the connection when it is 0: neither listed nor stored', () => {
    const { registry, stored } = registryWithStore();
    registry.connected(connectedSession(99999));
    expect(stored.has('sensor-1')).toBe(true);
    registry.disconnected('sensor-1', 2000, 0);
    expect(registry.get('sensor-1')).toBeUndefined();
    expect(stored.has('sensor-1')).toBe(false);
  });

  it('keeps the CONNECT\'s interval when the DISCONNECT did not state one', () => {
    const { registry, stored } = registryWithStore();
    registry.connected(connectedSession(3600));
    registry.disconnected('sensor-1', 2000);
    expect(stored.get('sensor-1')).toBe(3600);
  });
});
