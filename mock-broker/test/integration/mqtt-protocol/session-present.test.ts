import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';

/**
 * Session Present in CONNACK says whether the server holds a session for the client id, and a
 * session exists even when the rest of its state is empty (MQTT 3.1.1 section 3.1.2.4 and
 * 3.2.2.2 [MQTT-3.2.2-2]; MQTT 5 section 3.2.2.1.1). A client told 0 discards its own session
 * state (its unacknowledged messages among it), so a wrong 0 loses messages.
 */
const suite = useBrokerSuite();
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const persistent = (protocolVersion: 4 | 5, clientId: string) =>
  protocolVersion === 5 ? { clientId, clean: false, properties: { sessionExpiryInterval: 300 } } : { clientId, clean: false };

describe('Session Present for a session without subscriptions', () => {
  it.each([4, 5] as const)('is 1 when a client resumes a session that holds nothing else (MQTT version %i)', async (protocolVersion) => {
    const clientId = `present-empty-${protocolVersion}`;
    const { client: first, connack } = await raw.connect(persistent(protocolVersion, clientId), { protocolVersion });
    expect(connack.sessionPresent).toBe(false);
    first.disconnect();
    await first.waitClosed();

    const { client: again, connack: resumed } = await raw.connect(persistent(protocolVersion, clientId), { protocolVersion });
    expect(resumed.sessionPresent).toBe(true);
    expect(again.violations).toEqual([]);
  });

  it.each([4, 5] as const)('is 1 while the session is still connected elsewhere (take-over), and 0 after a clean start ended it (MQTT version %i)', async (protocolVersion) => {
    const clientId = `present-takeover-${protocolVersion}`;
    await raw.connect(persistent(protocolVersion, clientId), { protocolVersion });
    const { connack: takeover } = await raw.connect(persistent(protocolVersion, clientId), { protocolVersion });
    expect(takeover.sessionPresent).toBe(true);

    const { client: clean } = await raw.connect({ clientId, clean: true }, { protocolVersion });
    clean.disconnect();
    await clean.waitClosed();
    const { connack: fresh } = await raw.connect(persistent(protocolVersion, clientId), { protocolVersion });
    expect(fresh.sessionPresent).toBe(false);
  });
});
