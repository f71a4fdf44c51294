import type { WsConnection } from '../../api/generated/model/wsConnection';
import type { WsMqttVersion } from '../../api/generated/model/wsMqttVersion';
import { DEFAULT_TIMINGS } from './connections/form/connection-form-values';

/** A saved connection as the broker answers it, for the page's tests. */
export function makeWsConnection(id: string, name: string, mqttVersion: WsMqttVersion = 5): WsConnection {
  return {
    id,
    createdTime: 1,
    userId: 'me',
    name,
    configuration: {
      url: 'ws://localhost:8084/mqtt',
      clientId: `starling_${id.padEnd(8, 'x')}`,
      credentialsMode: 'AUTO',
      mqttVersion,
      cleanStart: true,
      ...DEFAULT_TIMINGS,
    },
  };
}

/** GET /api/auth/user for the page's tests: the signed-in user, whose id a connection save names. */
export const signedInUserAnswer = () => Response.json({ id: 'me', createdTime: 1, email: 'sysadmin@starling.local', authority: 'SYS_ADMIN', firstName: null, lastName: null, additionalInfo: null });
