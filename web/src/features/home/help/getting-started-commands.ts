import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import { mqttPortOf } from '../../../components/mqtt/broker-address';
import { commandLine } from '../../../components/mqtt/shell-command';

/** Stand-ins for the credentials of step 1, which the console never knows (the broker keeps a hash). */
export const USERNAME_PLACEHOLDER = '<username>';
export const PASSWORD_PLACEHOLDER = '<password>';

export interface ClientCommands {
  mosquitto: string;
  mqttJs: string;
}

export interface GettingStartedCommands {
  subscribe: ClientCommands;
  publish: ClientCommands;
}

/** The MQTT host of the console's own address: an IPv6 hostname without its URL brackets. */
export function mqttHostOf(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Spec section 2, home "getting started": the first client's commands for this broker, the host the
 * console was reached at and the MQTT port the broker reports; null until the broker has answered.
 */
export function gettingStartedCommands(config: BrokerConfig | undefined, hostname: string): GettingStartedCommands | null {
  if (!config) return null;
  const connection = ['-h', mqttHostOf(hostname), '-p', String(mqttPortOf(config)), '-u', USERNAME_PLACEHOLDER, '-P', PASSWORD_PLACEHOLDER];
  const subscribe = [...connection, '-t', 'sensors/#', '-v'];
  const publish = [...connection, '-t', 'sensors/temperature', '-m', '21.5'];
  return {
    subscribe: { mosquitto: commandLine('mosquitto_sub', subscribe), mqttJs: commandLine('npx', ['mqtt', 'sub', ...subscribe]) },
    publish: { mosquitto: commandLine('mosquitto_pub', publish), mqttJs: commandLine('npx', ['mqtt', 'pub', ...publish]) },
  };
}
