import fs from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { makeTestCertificates, type TestCertificates } from '../../support/outside-services/certificates.js';
import { inbox } from '../../support/mqtt/mqtt-clients.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { WAIT_MS } from '../../support/checks/waits.js';

let certificates: TestCertificates;
let node: TestNode;

beforeAll(async () => {
  certificates = makeTestCertificates();
  node = await startTestNode({
    mqttsPort: 0,
    wssPort: 0,
    tls: { certFile: certificates.certFile, keyFile: certificates.keyFile, caFile: certificates.caFile },
  });
});

afterAll(async () => {
  await node.destroy();
  fs.rmSync(certificates.directory, { recursive: true, force: true });
});

describe('TLS listeners', () => {
  it('reports the secure listeners in the broker config', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const config = await api.call('GET', '/api/app/config');
    expect(config.body).toMatchObject({ tlsListenerEnabled: true, tlsPort: node.mqttsPort, wssListenerEnabled: true, wssPort: node.wssPort });
  });

  it('carries MQTT over TLS and over secure WebSocket, verified against the CA', async () => {
    const ca = fs.readFileSync(certificates.caFile);
    const secure = { ca, rejectUnauthorized: true, reconnectPeriod: 0, connectTimeout: WAIT_MS };
    const subscriber = await mqtt.connectAsync(`mqtts://localhost:${node.mqttsPort}`, secure);
    const publisher = await mqtt.connectAsync(`wss://localhost:${node.wssPort}/mqtt`, { ...secure, wsOptions: { ca, rejectUnauthorized: true } });
    try {
      await subscriber.subscribeAsync('secure/t', { qos: 1 });
      const received = inbox(subscriber);
      await publisher.publishAsync('secure/t', 'encrypted', { qos: 1 });
      expect((await received.next()).payload).toBe('encrypted');
    } finally {
      await Promise.all([subscriber.endAsync(true), publisher.endAsync(true)]);
    }
  });

  it('accepts a client certificate signed by the configured CA', async () => {
    const client = await mqtt.connectAsync(`mqtts://localhost:${node.mqttsPort}`, {
      ca: fs.readFileSync(certificates.caFile),
      cert: fs.readFileSync(certificates.clientCertFile),
      key: fs.readFileSync(certificates.clientKeyFile),
      reconnectPeriod: 0,
    });
    expect(client.connected).toBe(true);
    await client.endAsync(true);
  });

  it('does not open secure listeners without a certificate', async () => {
    const plain = await startTestNode();
    try {
      expect(plain.mqttsPort).toBeNull();
      expect(plain.wssPort).toBeNull();
    } finally {
      await plain.destroy();
    }
  });
});
