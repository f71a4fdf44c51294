import type { MessageDescriptor } from 'react-intl';
import type { WsCredentialsMode } from '../../../../api/generated/model/wsCredentialsMode';
import type { WsDataSizeUnit } from '../../../../api/generated/model/wsDataSizeUnit';
import type { WsMqttVersion } from '../../../../api/generated/model/wsMqttVersion';
import type { WsTimeUnit } from '../../../../api/generated/model/wsTimeUnit';
import type { WsUserProperty } from '../../../../api/generated/model/wsUserProperty';
import type { ConnectionUrlParts } from './connection-url';
import type { LastWillErrors, LastWillFormValues } from './last-will-values';

/** A connection as its dialog edits it: the URL in parts, numbers as entered with their units. */
export interface ConnectionFormValues extends ConnectionUrlParts {
  name: string;
  clientId: string;
  credentialsMode: WsCredentialsMode;
  /** EXISTING: the client credentials chosen. */
  clientCredentialsId: string | null;
  /** CUSTOM: the connection's own username and password. */
  username: string;
  password: string;
  /** CUSTOM and EXISTING: ask for the password on every connect instead of keeping it. */
  passwordRequired: boolean;
  /** wss:// only; not edited here (a browser decides which certificates it trusts), kept as saved. */
  rejectUnauthorized: boolean;
  mqttVersion: WsMqttVersion;
  cleanStart: boolean;
  keepAlive: number | null;
  keepAliveUnit: WsTimeUnit;
  connectTimeout: number | null;
  connectTimeoutUnit: WsTimeUnit;
  reconnectPeriod: number | null;
  reconnectPeriodUnit: WsTimeUnit;
  // MQTT 5 connect properties; null or empty for "not sent" (saved as 0, as the production broker keeps them).
  sessionExpiryInterval: number | null;
  sessionExpiryIntervalUnit: WsTimeUnit;
  maxPacketSize: number | null;
  maxPacketSizeUnit: WsDataSizeUnit;
  topicAliasMax: string;
  receiveMax: string;
  requestResponseInfo: boolean;
  requestProblemInfo: boolean;
  userProperties: WsUserProperty[];
  lastWillEnabled: boolean;
  lastWill: LastWillFormValues;
}

export type ConnectionFormField =
  | 'name'
  | 'host'
  | 'port'
  | 'clientId'
  | 'clientCredentialsId'
  | 'username'
  | 'password'
  | 'keepAlive'
  | 'connectTimeout'
  | 'reconnectPeriod'
  | 'sessionExpiryInterval'
  | 'maxPacketSize'
  | 'topicAliasMax'
  | 'receiveMax'
  | 'userProperties';

export type ConnectionFormErrors = Partial<Record<ConnectionFormField, MessageDescriptor>> & { willMessage?: LastWillErrors };
