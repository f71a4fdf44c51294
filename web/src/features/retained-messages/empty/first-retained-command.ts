import { commandLine } from '../../../components/mqtt/shell-command';

/** Spec section 3, web-socket client defaults: the publish topic the console suggests everywhere. */
export const SAMPLE_RETAINED_TOPIC = 'sensors/temperature';
const SAMPLE_PAYLOAD = '{"temperature":21.5}';

/**
 * A command that leaves a first retained message on this broker (the retain flag, -r), for the
 * empty retained messages page: the console's own host, since the broker serves the console.
 */
export function firstRetainedCommand(host: string, port: number): string {
  return commandLine('mosquitto_pub', ['-h', host, '-p', String(port), '-t', SAMPLE_RETAINED_TOPIC, '-m', SAMPLE_PAYLOAD, '-q', '1', '-r']);
}
