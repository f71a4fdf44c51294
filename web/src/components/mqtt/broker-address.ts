import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../api/generated/endpoints/app/app';
import type { BrokerConfig } from '../../api/generated/model/brokerConfig';

/** The MQTT port when the broker's config does not name one. */
export const DEFAULT_MQTT_PORT = 1883;

/** The broker's MQTT (TCP) port as GET /api/app/config names it (`tcpPort`), else the default. */
export function mqttPortOf(config: BrokerConfig | undefined): number {
  const port = config?.tcpPort;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 ? port : DEFAULT_MQTT_PORT;
}

/**
 * Where MQTT clients reach this broker, for ready commands: the console's own host (the broker
 * serves the console) and its MQTT port. Works without the config too: the default port then.
 */
export function useBrokerMqttAddress(): { host: string; port: number } {
  const config = useGetBrokerConfig({ query: { queryKey: getGetBrokerConfigQueryKey(), staleTime: Infinity }, request: { ignoreErrors: true, ignoreLoading: true } });
  return { host: window.location.hostname, port: mqttPortOf(config.data) };
}
