/** How a saved connection gets its MQTT credentials (openapi.yaml WsCredentialsMode). */
export type CredentialsMode = 'AUTO' | 'EXISTING' | 'CUSTOM';

/**
 * The contract's WsConnectionConfiguration less the password: what a connection keeps in its row.
 * The fields this area decides on are named; the other connect options (keep-alive, will, MQTT 5
 * properties…) are kept as the contract let them in.
 */
export interface ConnectionSettings {
  url: string;
  clientId: string;
  credentialsMode: CredentialsMode;
  clientCredentialsId?: string | null;
  username?: string | null;
  passwordRequired?: boolean;
  [option: string]: unknown;
}

/** The contract's WsConnectionConfiguration. */
export interface WsConnectionConfiguration extends ConnectionSettings {
  password?: string | null;
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
  configuration: WsConnectionConfiguration;
}

export interface WsConnectionSaveRequest {
  id?: string;
  name: string;
  configuration: WsConnectionConfiguration;
}

export function connectionView(connection: StoredConnection): WsConnectionView {
  const { id, createdTime, name, userId, configuration, password } = connection;
  return { id, createdTime, name, userId, configuration: { ...configuration, password } };
}
