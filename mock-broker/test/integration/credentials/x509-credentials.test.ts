import fs from 'node:fs';
import mqtt, { type IClientOptions } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/api/api-client.js';
import { makeExpiredClientCertificate, makeTestCertificates, type TestCertificates } from '../../support/outside-services/certificates.js';
import { saveCredentials } from '../../support/api/client-credentials.js';
import { startTestNode, type TestNode } from '../../support/node/test-node.js';
import { eventually, WAIT_MS } from '../../support/checks/waits.js';

let certificates: TestCertificates;
/** A second CA's client certificate with the same common name: not verified, so not taken for it. */
let strangerCertificates: TestCertificates;
let node: TestNode;

beforeAll(async () => {
  certificates = makeTestCertificates('sensor-7');
  strangerCertificates = makeTestCertificates('sensor-7');
  node = await startTestNode({
    mqttsPort: 0,
    wssPort: 0,
    tls: { certFile: certificates.certFile, keyFile: certificates.keyFile, caFile: certificates.caFile },
  });
  const api = new ApiClient(node.baseUrl);
  await api.signIn();
  await saveCredentials(api, {
    name: 'Sensor certificates',
    credentialsType: 'X_509',
    clientType: 'APPLICATION',
    value: {
      certCnPattern: 'sensor-\\d+',
      certCnIsRegex: true,
      authRulesMapping: { 'sensor-.*': { pubAuthRulePatterns: ['sensors/.*'], subAuthRulePatterns: [] } },
    },
  });
});

afterAll(async () => {
  await node.destroy();
  for (const made of [certificates, strangerCertificates]) fs.rmSync(made.directory, { recursive: true, force: true });
});

const overTls = (client: TestCertificates, options: IClientOptions = {}) =>
  mqtt.connectAsync(`mqtts://localhost:${node.mqttsPort}`, {
    ca: fs.readFileSync(certificates.caFile),
    cert: fs.readFileSync(client.clientCertFile),
    key: fs.readFileSync(client.clientKeyFile),
    reconnectPeriod: 0,
    connectTimeout: WAIT_MS,
    protocolVersion: 5,
    ...options,
  });

describe('X_509 client credentials on the TLS listener', () => {
  it('lets a client in by its verified certificate common name, with the mapped rules', async () => {
    const client = await overTls(certificates, { clientId: 'cert-client' });
    try {
      await eventually(() => expect(node.mqtt.sessions.get('cert-client')?.clientType).toBe('APPLICATION'));
      await client.publishAsync('sensors/t', '20', { qos: 1 });
      const refused = await client.publishAsync('commands/open', 'x', { qos: 1 }).then(
        () => 'delivered',
        (error: { code?: number }) => error.code,
      );
      expect(refused).toBe(0x87);
      const subscribed = await client.subscribeAsync('sensors/#').then(
        () => 'granted',
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted,
      );
      expect(subscribed).toEqual([0x87]);
    } finally {
      await client.endAsync(true);
    }
  });

  it('lets a client in over secure WebSocket by its verified certificate too, and not one of another CA', async () => {
    const overWss = (client: TestCertificates, clientId: string) =>
      mqtt
        .connectAsync(`wss://localhost:${node.wssPort}/mqtt`, {
          clientId,
          reconnectPeriod: 0,
          connectTimeout: WAIT_MS,
          protocolVersion: 5,
          wsOptions: { ca: fs.readFileSync(certificates.caFile), cert: fs.readFileSync(client.clientCertFile), key: fs.readFileSync(client.clientKeyFile) },
        })
        .then(
          async (connected) => {
            await connected.endAsync(true);
            return 'connected';
          },
          (error: Error & { code?: number }) => error.code ?? error.message,
        );
    expect(await overWss(certificates, 'wss-cert')).toBe('connected');
    expect(node.mqtt.events.forClient('wss-cert').filter((event) => event.type === 'AUTHENTICATION_FAILED')).toEqual([]);
    expect(await overWss(strangerCertificates, 'wss-stranger')).not.toBe('connected');
  });

  it('refuses the same common name from a certificate the CA did not sign, and a client without one', async () => {
    // Refused, never connected: how the refusal arrives is the TLS layer's business. The forged
    // certificate's client sees the connection close without the CONNACK (measured; Aedes closes
    // right after writing it), the certificate-less one gets 0x87.
    const outcome = (client: mqtt.MqttClient) =>
      new Promise<string | number | undefined>((resolve) => {
        client.once('connect', () => resolve('connected'));
        client.once('error', (error: Error & { code?: number }) => resolve(error.code));
        client.once('close', () => resolve('closed'));
      }).finally(() => client.end(true));
    const tlsOptions = { ca: fs.readFileSync(certificates.caFile), reconnectPeriod: 0, connectTimeout: WAIT_MS, protocolVersion: 5 as const };
    const forged = mqtt.connect(`mqtts://localhost:${node.mqttsPort}`, {
      ...tlsOptions,
      clientId: 'forged',
      cert: fs.readFileSync(strangerCertificates.clientCertFile),
      key: fs.readFileSync(strangerCertificates.clientKeyFile),
    });
    expect(await outcome(forged)).not.toBe('connected');
    expect(node.mqtt.events.forClient('forged')).toEqual([expect.objectContaining({ type: 'AUTHENTICATION_FAILED', reason: 'No client credentials match and anonymous access is off' })]);
    expect(await outcome(mqtt.connect(`mqtts://localhost:${node.mqttsPort}`, { ...tlsOptions, clientId: 'no-cert' }))).toBe(0x87);
  });

  it('simulates a certificate common name', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const answer = await api.call('POST', '/api/mqtt/accessSimulation', { clientId: 'any', certificateCn: 'sensor-12', topic: 'sensors/a', action: 'PUBLISH' });
    expect(answer.body).toMatchObject({ allowed: true, credentialsType: 'X_509', rulePattern: 'sensors/.*' });
  });
});

describe('the X_509 authentication provider', () => {
  interface Provider {
    id: string;
    configuration: Record<string, unknown>;
  }
  const tlsOutcome = (options: IClientOptions) =>
    mqtt.connectAsync(`mqtts://localhost:${node.mqttsPort}`, { ca: fs.readFileSync(certificates.caFile), reconnectPeriod: 0, connectTimeout: WAIT_MS, protocolVersion: 5, ...options }).then(
      async (client) => {
        await client.endAsync(true);
        return 'connected';
      },
      (error: Error & { code?: number }) => error.code,
    );

  it('with clientAuthType CLIENT_AUTH_REQUIRED refuses a TLS client without a verified certificate (0x87), which REQUESTED hands on to basic credentials', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    await saveCredentials(api, { name: 'TLS by password', value: { userName: 'tls-basic', password: 'tls-pw' } });
    const withPassword = { clientId: 'tls-basic-1', username: 'tls-basic', password: 'tls-pw' };
    expect(await tlsOutcome(withPassword)).toBe('connected');
    const x509 = (await api.call<Provider>('GET', '/api/mqtt/auth/provider/type/X_509')).body;
    await api.call('POST', '/api/mqtt/auth/provider', { ...x509, configuration: { ...x509.configuration, clientAuthType: 'CLIENT_AUTH_REQUIRED' } });
    expect(await tlsOutcome(withPassword)).toBe(0x87);
    expect(node.mqtt.events.forClient('tls-basic-1').at(-1)).toMatchObject({ type: 'AUTHENTICATION_FAILED', reason: expect.stringContaining('X.509') });
    // A verified certificate still gets in.
    expect(await tlsOutcome({ clientId: 'cert-required', cert: fs.readFileSync(certificates.clientCertFile), key: fs.readFileSync(certificates.clientKeyFile) })).toBe('connected');
    await api.call('POST', '/api/mqtt/auth/provider', x509);
    expect(await tlsOutcome(withPassword)).toBe('connected');
  });

  it('with skipValidityCheckForClientCert takes a certificate the CA signed whatever its dates, never one of another CA', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const expired = makeExpiredClientCertificate(certificates, 'sensor-99');
    const strangerExpired = makeExpiredClientCertificate(strangerCertificates, 'sensor-98');
    const present = (made: { certFile: string; keyFile: string }) => ({ cert: fs.readFileSync(made.certFile), key: fs.readFileSync(made.keyFile) });
    // Out of date, the certificate verifies for nobody: no credentials match, and anonymous access is off.
    expect(await tlsOutcome({ clientId: 'expired-1', ...present(expired) })).not.toBe('connected');
    const x509 = (await api.call<Provider>('GET', '/api/mqtt/auth/provider/type/X_509')).body;
    await api.call('POST', '/api/mqtt/auth/provider', { ...x509, configuration: { ...x509.configuration, skipValidityCheckForClientCert: true } });
    try {
      const client = await mqtt.connectAsync(`mqtts://localhost:${node.mqttsPort}`, { ca: fs.readFileSync(certificates.caFile), reconnectPeriod: 0, connectTimeout: WAIT_MS, protocolVersion: 5, clientId: 'expired-2', ...present(expired) });
      try {
        // Its common name decides as a current certificate's would: the mapped rules apply.
        await eventually(() => expect(node.mqtt.sessions.get('expired-2')?.clientType).toBe('APPLICATION'));
        await client.publishAsync('sensors/old', '1', { qos: 1 });
      } finally {
        await client.endAsync(true);
      }
      expect(await tlsOutcome({ clientId: 'stranger-expired', ...present(strangerExpired) })).not.toBe('connected');
      expect(node.mqtt.events.forClient('stranger-expired').at(-1)).toMatchObject({ type: 'AUTHENTICATION_FAILED' });
    } finally {
      await api.call('POST', '/api/mqtt/auth/provider', x509);
    }
    expect(await tlsOutcome({ clientId: 'expired-3', ...present(expired) })).not.toBe('connected');
  });

  it('lets no certificate client in while the provider is disabled', async () => {
    const api = new ApiClient(node.baseUrl);
    await api.signIn();
    const x509 = (await api.call<Provider>('GET', '/api/mqtt/auth/provider/type/X_509')).body;
    await api.call('POST', `/api/mqtt/auth/provider/${x509.id}/disable`);
    const certificate = { cert: fs.readFileSync(certificates.clientCertFile), key: fs.readFileSync(certificates.clientKeyFile) };
    expect(await tlsOutcome({ clientId: 'cert-disabled', ...certificate })).toBe(0x87);
    await api.call('POST', `/api/mqtt/auth/provider/${x509.id}/enable`);
    expect(await tlsOutcome({ clientId: 'cert-enabled', ...certificate })).toBe('connected');
  });
});
