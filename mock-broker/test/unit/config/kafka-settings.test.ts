import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError } from '../../../src/app/startup-error.js';
import { loadConfig } from '../../../src/config/config.js';

describe('Kafka settings', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'starling-kafka-settings-'));
  fs.mkdirSync(path.join(folder, 'certs'));
  fs.writeFileSync(path.join(folder, 'certs', 'kafka-ca.pem'), '');
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('leaves Kafka off when STARLING_KAFKA_BOOTSTRAP is unset', () => {
    expect(loadConfig({}).kafka).toBeUndefined();
  });

  it('reads the bootstrap list, SASL and TLS', () => {
    const config = loadConfig(
      {
        STARLING_KAFKA_BOOTSTRAP: 'kafka-1:9092, kafka-2:9093,[::1]:9094',
        STARLING_KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        STARLING_KAFKA_SASL_USERNAME: 'console',
        STARLING_KAFKA_SASL_PASSWORD: 'secret',
        STARLING_KAFKA_TLS: 'true',
        STARLING_KAFKA_TLS_CA_FILE: 'certs/kafka-ca.pem',
      },
      folder,
    );
    expect(config.kafka).toEqual({
      bootstrap: [
        { host: 'kafka-1', port: 9092 },
        { host: 'kafka-2', port: 9093 },
        { host: '::1', port: 9094 },
      ],
      sasl: { mechanism: 'SCRAM-SHA-512', username: 'console', password: 'secret' },
      tls: true,
      tlsCaFile: path.join(folder, 'certs', 'kafka-ca.pem'),
      limits: { maxQueuedBytes: 64 * 1024 * 1024, maxMembers: 1000, maxMembersPerClient: 16, maxGroupsPerSubscription: 64 },
    });
  });

  it('reads the bounds of what clients can make the node hold for Kafka, and refuses others naming the setting', () => {
    const config = loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_MAX_QUEUED_BYTES: '1048576', STARLING_KAFKA_MAX_MEMBERS: '50', STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT: '2', STARLING_KAFKA_MAX_GROUPS_PER_SUBSCRIPTION: '5' });
    expect(config.kafka?.limits).toEqual({ maxQueuedBytes: 1_048_576, maxMembers: 50, maxMembersPerClient: 2, maxGroupsPerSubscription: 5 });
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_MAX_QUEUED_BYTES: '64MB' })).toThrow('STARLING_KAFKA_MAX_QUEUED_BYTES must be a whole number from 1 to 4294967296, got "64MB"');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_MAX_MEMBERS: '0' })).toThrow('STARLING_KAFKA_MAX_MEMBERS must be a whole number from 1 to 100000, got "0"');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT: '1.5' })).toThrow('STARLING_KAFKA_MAX_MEMBERS_PER_CLIENT must be a whole number from 1 to 100000, got "1.5"');
  });

  it('refuses an address without a port, naming the setting and the entry', () => {
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'kafka-1:9092,kafka-2' })).toThrow(StartupError);
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'kafka-1:9092,kafka-2' })).toThrow('STARLING_KAFKA_BOOTSTRAP must be a comma-separated list of host:port (port 1 to 65535), got "kafka-2"');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'kafka-1:0' })).toThrow('got "kafka-1:0"');
  });

  it('refuses an unknown SASL mechanism, and one without its user', () => {
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_SASL_MECHANISM: 'GSSAPI' })).toThrow('STARLING_KAFKA_SASL_MECHANISM must be one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, got "GSSAPI"');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_SASL_MECHANISM: 'PLAIN' })).toThrow('needs STARLING_KAFKA_SASL_USERNAME and STARLING_KAFKA_SASL_PASSWORD');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_SASL_USERNAME: 'console' })).toThrow('need STARLING_KAFKA_SASL_MECHANISM');
  });

  it('refuses TLS settings that contradict each other or have no cluster', () => {
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_TLS: 'yes' })).toThrow('STARLING_KAFKA_TLS must be true or false, got "yes"');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_TLS_CA_FILE: 'ca.pem' })).toThrow('STARLING_KAFKA_TLS_CA_FILE needs STARLING_KAFKA_TLS=true');
    expect(() => loadConfig({ STARLING_KAFKA_TLS: 'true' })).toThrow('need STARLING_KAFKA_BOOTSTRAP');
    expect(() => loadConfig({ STARLING_KAFKA_BOOTSTRAP: 'k:9092', STARLING_KAFKA_TLS: 'true', STARLING_KAFKA_TLS_CA_FILE: 'missing-ca.pem' }, folder)).toThrow(
      `STARLING_KAFKA_TLS_CA_FILE names a file that does not exist: ${path.join(folder, 'missing-ca.pem')}`,
    );
  });
});
