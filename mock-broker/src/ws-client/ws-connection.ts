/** How a saved connection gets its MQTT credentials (openapi.yaml WsCredentialsMode): Starling's own. */
export type CredentialsMode = 'AUTO' | 'EXISTING' | 'CUSTOM';

/**
 * The contract's WsConnectionConfiguration less the password: what a connection keeps in its row,
 * in the production broker's shape (every field answered, null or 0 when unset) plus the mode. The
 * fields this area decides on are named; the other connect options are kept as the contract let them in.
 */
export interface ConnectionSettings {
  url: string;
  clientId: string;
  credentialsMode: CredentialsMode;
  clientCredentialsId: string | null;
  username: string | null;
  passwordRequired: boolean;
  [option: string]: unknown;
}

/** The contract's WsConnectionConfiguration as a save takes it: TBMQ's fields, with the mode and password optional. */
export interface WsConnectionConfiguration {
  url: string;
  clientId: string;
  credentialsMode?: CredentialsMode;
  clientCredentialsId?: string | null;
  username?: string | null;
  passwordRequired?: boolean;
  password?: string | null;
  userProperties?: { props?: unknown[] | null } | null;
  lastWillMsg?: Record<string, unknown> | null;
  [option: string]: unknown;
}

/** A saved connection as stored: the configuration without its password, which is kept beside it. */
export interface StoredConnection {
  id: string;
  createdTime: number;
  userId: string;
  name: string;
  configuration: ConnectionSettings;
  /** AUTO: the generated one; CUSTOM: the user's own; never for EXISTING or when asked for on every connect. */
  password: string | null;
}

/** The contract's WsConnection. */
export interface WsConnectionView {
  id: string;
  createdTime: number;
  name: string;
  userId: string;
  configuration: ConnectionSettings & { password: string | null; passwordWithheld?: true };
}

/** The contract's WsConnectionInfo: what the list holds, as the production broker answers it. */
export interface WsConnectionInfo {
  id: string;
  name: string;
  clientId: string | null;
}

/** The contract's WsConnectionSave; userId and createdTime are taken and not read (the owner is the signed-in user). */
export interface WsConnectionSaveRequest {
  id?: string;
  name: string;
  configuration: WsConnectionConfiguration;
}

/**
 * The production broker's answer for a field a save left out (its WebSocketConnectionConfiguration
 * defaults): so that Starling answers every field as it does.
 */
const UNSET_CONNECTION_FIELDS = {
  rejectUnauthorized: false,
  sessionExpiryInterval: 0,
  sessionExpiryIntervalUnit: null,
  maxPacketSize: 0,
  maxPacketSizeUnit: null,
  topicAliasMax: 0,
  receiveMax: 0,
  requestResponseInfo: false,
  requestProblemInfo: false,
};

const UNSET_WILL_FIELDS = {
  payload: null,
  payloadFormatIndicator: false,
  contentType: null,
  willDelayInterval: 0,
  willDelayIntervalUnit: null,
  msgExpiryInterval: 0,
  msgExpiryIntervalUnit: null,
  responseTopic: null,
  correlationData: null,
};

/**
 * What a connection keeps of a save's configuration, less the password and the credentials, which
 * the service settles: every field filled, the will's unset ones too, and of the user properties only
 * `props` (the production broker reads nothing else).
 */
export function storedOptionsOf(configuration: WsConnectionConfiguration): { url: string; clientId: string; [option: string]: unknown } {
  const { password: _password, passwordWithheld: _withheld, credentialsMode: _mode, clientCredentialsId: _credentials, username: _username, passwordRequired: _required, userProperties, lastWillMsg, ...options } = configuration;
  const props = userProperties?.props ?? null;
  return {
    ...UNSET_CONNECTION_FIELDS,
    ...options,
    userProperties: props === null || props.length === 0 ? null : { props },
    lastWillMsg: lastWillMsg ? { ...UNSET_WILL_FIELDS, ...lastWillMsg } : null,
  };
}

export function connectionView(connection: StoredConnection): WsConnectionView {
  const { id, createdTime, name, userId, configuration, password } = connection;
  return { id, createdTime, name, userId, configuration: { ...configuration, password } };
}

/**
 * The connection as a session signed in as its owner by another administrator sees it: without the
 * password the owner keeps (SECURITY.md), marked so that the page asks for it on connect.
 */
export function withoutPassword(view: WsConnectionView): WsConnectionView {
  const { password, ...configuration } = view.configuration;
  return { ...view, configuration: password === null ? { ...configuration, password } : { ...configuration, password: null, passwordWithheld: true } };
}

export function connectionInfo({ id, name, configuration }: StoredConnection): WsConnectionInfo {
  return { id, name, clientId: configuration.clientId };
}
