export interface RealBroker {
  wsPort: number;
  mqttPort: number;
  stop(): Promise<void>;
}

/**
 * A real broker on free ports that lets in the given MQTT credentials (and checks passwords); they
 * may publish anywhere and subscribe to topic filters matching `subscribePatterns` (default all).
 */
export function startRealBroker(credentials: { username: string; password: string; subscribePatterns?: string[] }): Promise<RealBroker>;
