import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { useBrokerSuite } from '../../support/node/broker-suite.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { RawClients } from '../../support/mqtt/raw-mqtt-client.js';

const suite = useBrokerSuite({ signInMaxFailures: 3, signInWindowSeconds: 300 });
const raw = new RawClients(() => suite.node.mqttPort);

beforeAll(async () => {
  const api = new ApiClient(suite.node.baseUrl);
  await api.signIn();
  await saveCredentials(api, { name: 'Meter', value: { userName: 'meter', password: 'right' } });
  await saveCredentials(api, { name: 'Pump', value: { userName: 'pump', password: 'right' } });
});

describe('MQTT password guessing', () => {
  it('refuses a username after three wrong passwords, even with the right one, and records why', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await raw.connect({ clientId: `guess-${attempt}`, username: 'meter', password: Buffer.from(`guess-${attempt}`) })).connack.reasonCode).toBe(0x86);
    }
    expect((await raw.connect({ clientId: 'guess-right', username: 'meter', password: Buffer.from('right') })).connack.reasonCode).toBe(0x87);
    expect(suite.node.mqtt.events.forClient('guess-right').at(-1)).toMatchObject({ type: 'AUTHENTICATION_FAILED', reason: expect.stringContaining('Too many failed passwords') });
    expect((await raw.connect({ clientId: 'pump-1', username: 'pump', password: Buffer.from('right') })).connack.reasonCode).toBe(0);
    raw.closeAll();
  });
});
