import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

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
});
