import { afterEach, describe, expect, it } from 'vitest';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';
import { eventually } from '../../support/checks/waits.js';

// Room for three sessions, connected or not.
const suite = useBrokerSuite({ maxSessions: 3 });
const raw = new RawClients(() => suite.node.mqttPort);
afterEach(() => raw.closeAll());

const sessionCount = () => suite.node.mqtt.sessions.counts().total;

/** Connects with a session that outlives the connection, subscribes, then disconnects; answers the CONNACK's code. */
async function leaveSession(clientId: string, protocolVersion: 4 | 5): Promise<number | undefined> {
  const { client, connack } = await raw.connect(
    protocolVersion === 5 ? { clientId, clean: false, properties: { sessionExpiryInterval: 3600 } } : { clientId, clean: false },
    { protocolVersion },
  );
  const code = protocolVersion === 5 ? connack.reasonCode : connack.returnCode;
  if (code === 0) {
    // A subscription to come back to: a session without one is not told apart from a new one.
    await client.subscribe(`session-limit/${clientId}`, { qos: 1 });
    client.disconnect();
    await client.waitClosed();
  }
  return code;
}

describe('sessions held to STARLING_MAX_SESSIONS', () => {
  it('refuses a new client id once the node holds as many sessions as it may (MQTT 5 0x97, 3.1.1 return code 3), lets a held session back in, and takes new ones once sessions end', async () => {
    expect(await leaveSession('kept-1', 5)).toBe(0);
    expect(await leaveSession('kept-2', 4)).toBe(0);
    expect(await leaveSession('kept-3', 5)).toBe(0);
    await eventually(() => expect(sessionCount()).toBe(3));

    // A fourth client id, offline sessions filling the node: refused, and nothing is kept of it.
    expect((await raw.connect({ clientId: 'one-too-many' }, { protocolVersion: 5 })).connack.reasonCode).toBe(0x97);
    expect((await raw.connect({ clientId: 'one-too-many', clean: true }, { protocolVersion: 4 })).connack.returnCode).toBe(3);
    expect(suite.node.mqtt.sessions.has('one-too-many')).toBe(false);

    // A client whose session the node holds resumes it.
    const { connack } = await raw.connect({ clientId: 'kept-2', clean: false }, { protocolVersion: 4 });
    expect([connack.returnCode, connack.sessionPresent]).toEqual([0, true]);
    raw.closeAll();

    // kept-1 starts clean and leaves: its session ends, and a new client id gets in.
    const clean = await raw.connect({ clientId: 'kept-1', clean: true }, { protocolVersion: 5 });
    expect(clean.connack.reasonCode).toBe(0);
    clean.client.disconnect();
    await clean.client.waitClosed();
    await eventually(() => expect(suite.node.mqtt.sessions.has('kept-1')).toBe(false));
    expect((await raw.connect({ clientId: 'newcomer' }, { protocolVersion: 5 })).connack.reasonCode).toBe(0);
  });
});
