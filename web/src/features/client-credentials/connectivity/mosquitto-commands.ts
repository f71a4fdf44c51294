import { commandLine } from '../../../components/mqtt/shell-command';
import { patternAllows } from '../../../components/rule-patterns/topic-pattern';

// The "check connectivity" dialog (issue 6): ready mosquitto_pub / mosquitto_sub commands for one
// client credentials entry against this broker's real host and ports.

/** Spec section 3, web-socket client defaults: the publish topic and the subscription it pairs with. */
export const DEFAULT_PUBLISH_TOPIC = 'sensors/temperature';
export const DEFAULT_SUBSCRIBE_TOPIC = 'sensors/#';
/** Stands for a stored password the console cannot know; the operator types the real one in. */
export const PASSWORD_PLACEHOLDER = '<password>';
const SAMPLE_PAYLOAD = '{"temperature":25}';

export interface MqttBasicTarget {
  kind: 'MQTT_BASIC';
  host: string;
  port: number;
  clientId?: string;
  userName?: string;
  /** Whether the credentials check a password at all. */
  passwordSet: boolean;
  /** The password when the operator has just typed it; otherwise the command shows a placeholder. */
  password?: string;
}

export interface X509Target {
  kind: 'X_509';
  host: string;
  /** The TLS listener's port. */
  port: number;
}

/** The credentials the Mosquitto clients can connect with (SCRAM needs MQTT 5 enhanced authentication, which they lack). */
export type MosquittoTarget = MqttBasicTarget | X509Target;

export interface MosquittoCommands {
  publish: string;
  subscribe: string;
}

function connectionOptions(target: MosquittoTarget): string[] {
  const options = ['-h', target.host, '-p', String(target.port)];
  if (target.kind === 'X_509') return [...options, '--cafile', 'ca.pem', '--cert', 'client.pem', '--key', 'client.key'];
  if (target.clientId) options.push('-i', target.clientId);
  if (target.userName) options.push('-u', target.userName);
  if (target.passwordSet) options.push('-P', target.password ?? PASSWORD_PLACEHOLDER);
  return options;
}

export function mosquittoCommands(target: MosquittoTarget, topics: { publish: string; subscribe: string }): MosquittoCommands {
  const connection = connectionOptions(target);
  return {
    publish: commandLine('mosquitto_pub', [...connection, '-t', topics.publish, '-m', SAMPLE_PAYLOAD]),
    subscribe: commandLine('mosquitto_sub', [...connection, '-t', topics.subscribe, '-v']),
  };
}

/** The text of a pattern that matches itself only (escapes such as `\.` read as the character), if it is one. */
function literalOf(pattern: string): string | undefined {
  if (!/^(?:[^\\^$.|?*+()[\]{}]|\\[^\w\s])+$/.test(pattern)) return undefined;
  return pattern.replace(/\\(.)/g, '$1');
}

/**
 * A topic the rules allow for the commands: the preferred one when allowed, else a pattern that is a
 * plain topic, else a pattern with its wildcards filled in; undefined when none of these is allowed.
 */
export function topicAllowedBy(patterns: readonly string[], preferred: string): string | undefined {
  if (patterns.some((pattern) => patternAllows(pattern, preferred))) return preferred;
  for (const pattern of patterns) {
    const literal = literalOf(pattern);
    if (literal !== undefined) return literal;
  }
  for (const pattern of patterns) {
    const filled = pattern
      .replace(/^\^|\$$/g, '')
      .replace(/(?<!\\)\.[*+]/g, 'test')
      .replace(/\\(.)/g, '$1');
    if (patternAllows(pattern, filled)) return filled;
  }
  return undefined;
}
