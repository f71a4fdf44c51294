import type { WsConnection } from '../../../../api/generated/model/wsConnection';
import type { WsConnectionConfiguration } from '../../../../api/generated/model/wsConnectionConfiguration';

/** A saved connection for tests: MQTT 5 with custom credentials, a minute's keep-alive, 10 s to connect, no reconnecting. */
export function testConnection(overrides: Partial<WsConnectionConfiguration> = {}, name = 'WebSocket Connection'): WsConnection {
  return {
    id: 'c1',
    createdTime: 0,
    name,
    userId: 'u1',
    configuration: {
      url: 'ws://localhost:8084/mqtt',
      clientId: 'starling12345678',
      credentialsMode: 'CUSTOM',
      username: 'sensor',
      password: 'secret',
      mqttVersion: 5,
      cleanStart: true,
      keepAlive: 1,
      keepAliveUnit: 'MINUTES',
      connectTimeout: 10,
      connectTimeoutUnit: 'SECONDS',
      reconnectPeriod: 0,
      reconnectPeriodUnit: 'MILLISECONDS',
      ...overrides,
    },
  };
}
