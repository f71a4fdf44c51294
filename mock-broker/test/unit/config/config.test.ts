import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

describe('configuration', () => {
  it('has a default for every setting so a fresh clone starts', () => {
    const config = loadConfig({}, '/srv/starling');
    expect(config).toMatchObject({ httpPort: 8083, mqttPort: 1883, wsPort: 8084, bindAddress: '0.0.0.0', dataDir: '/srv/starling/data' });
  });

  it('reads the STARLING_ variables', () => {
    const config = loadConfig({ STARLING_HTTP_PORT: '9090', STARLING_MQTT_PORT: '11883', STARLING_DATA_DIR: '/var/lib/starling' }, '/srv');
    expect(config).toMatchObject({ httpPort: 9090, mqttPort: 11883, dataDir: '/var/lib/starling' });
  });

  it('names the variable when a port is not a port', () => {
    expect(() => loadConfig({ STARLING_WS_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ STARLING_WS_PORT: '70000' })).toThrow('STARLING_WS_PORT must be a port number from 0 to 65535, got "70000"');
  });

  it('refuses token lifetimes that are not positive whole seconds', () => {
    expect(() => loadConfig({ STARLING_ACCESS_TOKEN_SECONDS: '0' })).toThrow('STARLING_ACCESS_TOKEN_SECONDS');
  });

  it('bounds each persistent session to 1000 queued messages unless told otherwise', () => {
    expect(loadConfig({}).maxQueuedMessages).toBe(1000);
    expect(loadConfig({ STARLING_MAX_QUEUED_MESSAGES: '50000' }).maxQueuedMessages).toBe(50000);
    expect(() => loadConfig({ STARLING_MAX_QUEUED_MESSAGES: '0' })).toThrow('STARLING_MAX_QUEUED_MESSAGES must be a whole number above 0, got "0"');
  });

  it('bounds the payload bytes of all persistent sessions\' queues together to 1 GiB unless told otherwise, never below 64 KiB', () => {
    expect(loadConfig({}).maxTotalQueuedBytes).toBe(1024 ** 3);
    expect(loadConfig({ STARLING_MAX_TOTAL_QUEUED_BYTES: '268435456' }).maxTotalQueuedBytes).toBe(268_435_456);
    expect(() => loadConfig({ STARLING_MAX_TOTAL_QUEUED_BYTES: '1000' })).toThrow(/STARLING_MAX_TOTAL_QUEUED_BYTES must be a number of bytes of 65536 or more, got "1000"/);
  });

  it('keeps client events for a week unless told otherwise', () => {
    expect(loadConfig({}).clientEventRetentionHours).toBe(168);
    expect(loadConfig({ STARLING_CLIENT_EVENT_RETENTION_HOURS: '2' }).clientEventRetentionHours).toBe(2);
    expect(() => loadConfig({ STARLING_CLIENT_EVENT_RETENTION_HOURS: '0' })).toThrow('STARLING_CLIENT_EVENT_RETENTION_HOURS must be a whole number above 0, got "0"');
  });

  it('keeps at most 100,000 client events unless told otherwise', () => {
    expect(loadConfig({}).clientEventMaxCount).toBe(100_000);
    expect(loadConfig({ STARLING_CLIENT_EVENT_MAX_COUNT: '500' }).clientEventMaxCount).toBe(500);
    expect(() => loadConfig({ STARLING_CLIENT_EVENT_MAX_COUNT: '0' })).toThrow('STARLING_CLIENT_EVENT_MAX_COUNT must be a whole number above 0, got "0"');
  });
});

describe('audit log', () => {
  it('keeps entries 90 days and at most 100,000 unless told otherwise, and refuses 0 naming the variable', () => {
    expect(loadConfig({}).auditLog).toEqual({ retentionDays: 90, maxEntries: 100_000, maxBytes: 64 * 1024 * 1024 });
    expect(loadConfig({ STARLING_AUDIT_LOG_RETENTION_DAYS: '7', STARLING_AUDIT_LOG_MAX_ENTRIES: '500', STARLING_AUDIT_LOG_MAX_BYTES: '1048576' }).auditLog).toEqual({ retentionDays: 7, maxEntries: 500, maxBytes: 1048576 });
    expect(() => loadConfig({ STARLING_AUDIT_LOG_RETENTION_DAYS: '0' })).toThrow('STARLING_AUDIT_LOG_RETENTION_DAYS must be a whole number above 0, got "0"');
    expect(() => loadConfig({ STARLING_AUDIT_LOG_MAX_ENTRIES: 'many' })).toThrow('STARLING_AUDIT_LOG_MAX_ENTRIES must be a whole number above 0, got "many"');
  });
});

describe('web-socket client storage', () => {
  it('keeps at most 16 MiB per user unless told otherwise, and refuses a bound below 64 KiB naming the variable', () => {
    expect(loadConfig({}).wsClientMaxBytesPerUser).toBe(16 * 1024 * 1024);
    expect(loadConfig({ STARLING_WS_CLIENT_MAX_BYTES_PER_USER: '65536' }).wsClientMaxBytesPerUser).toBe(65536);
    expect(() => loadConfig({ STARLING_WS_CLIENT_MAX_BYTES_PER_USER: '65535' })).toThrow('STARLING_WS_CLIENT_MAX_BYTES_PER_USER must be a number of bytes of 65536 or more, got "65535"');
  });
});

describe('MQTT limits', () => {
  it('states 256 KiB packets, a Receive Maximum of 1024 and no keep-alive maximum unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ maxPacketSize: 262144, receiveMaximum: 1024, maxKeepAliveSeconds: 0 });
    expect(loadConfig({ STARLING_MAX_PACKET_SIZE: '1048576', STARLING_RECEIVE_MAXIMUM: '10', STARLING_MAX_KEEP_ALIVE_SECONDS: '300' })).toMatchObject({
      maxPacketSize: 1048576,
      receiveMaximum: 10,
      maxKeepAliveSeconds: 300,
    });
  });

  it('refuses limits MQTT cannot state, naming the variable', () => {
    expect(() => loadConfig({ STARLING_MAX_PACKET_SIZE: '100' })).toThrow('STARLING_MAX_PACKET_SIZE must be a number of bytes from 1024 to 268435460, got "100"');
    expect(() => loadConfig({ STARLING_RECEIVE_MAXIMUM: '0' })).toThrow('STARLING_RECEIVE_MAXIMUM must be a whole number from 1 to 65535, got "0"');
    expect(() => loadConfig({ STARLING_MAX_KEEP_ALIVE_SECONDS: '70000' })).toThrow('STARLING_MAX_KEEP_ALIVE_SECONDS');
  });
});

describe('TLS configuration', () => {
  it('enables the secure listeners only with both a certificate and a key', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ STARLING_TLS_CERT_FILE: 'tls/broker.crt', STARLING_TLS_KEY_FILE: 'tls/broker.key' }, '/srv').tls).toEqual({
      certFile: '/srv/tls/broker.crt',
      keyFile: '/srv/tls/broker.key',
      caFile: undefined,
    });
    expect(() => loadConfig({ STARLING_TLS_CERT_FILE: 'tls/broker.crt' })).toThrow('STARLING_TLS_CERT_FILE and STARLING_TLS_KEY_FILE go together');
  });

  it('defaults the secure ports to 8883 and 8085', () => {
    expect(loadConfig({})).toMatchObject({ mqttsPort: 8883, wssPort: 8085 });
  });
});

describe('monitoring', () => {
  it('samples every 10 s, keeps a week, answers 100,000 points and serves no /metrics unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ sampleIntervalSeconds: 10, timeseriesRetentionDays: 7, maxDatapoints: 100_000, metricsEnabled: false, metricsToken: undefined });
    expect(
      loadConfig({ STARLING_SAMPLE_INTERVAL_SECONDS: '1', STARLING_TIMESERIES_RETENTION_DAYS: '30', STARLING_MAX_DATAPOINTS: '500', STARLING_METRICS_ENABLED: 'true', STARLING_METRICS_TOKEN: 'scrape' }),
    ).toMatchObject({ sampleIntervalSeconds: 1, timeseriesRetentionDays: 30, maxDatapoints: 500, metricsEnabled: true, metricsToken: 'scrape' });
  });

  it('refuses a sampling interval below a second', () => {
    expect(() => loadConfig({ STARLING_SAMPLE_INTERVAL_SECONDS: '0' })).toThrow('STARLING_SAMPLE_INTERVAL_SECONDS must be a whole number of seconds above 0, got "0"');
  });
});
