import type { BrokerConfig } from '../../api/generated/model/brokerConfig';

/** The MQTT port when the broker's config does not name one. */
export const DEFAULT_MQTT_PORT = 1883;

/** The broker's MQTT (TCP) port as GET /api/app/config names it (`tcpPort`), else the default. */
export function mqttPortOf(config: BrokerConfig | undefined): number {
  const port = config?.tcpPort;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 ? port : DEFAULT_MQTT_PORT;
}

/**
 * A command that connects a first client to this broker and keeps it connected, for the empty
 * sessions list (issue 7): the console's own host, since the broker serves the console.
 */
export function firstClientCommand(host: string, port: number): string {
  return `mosquitto_sub -h ${host} -p ${port} -i my-first-client -t 'sensors/#' -v`;
}
