import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import { type AuthRuleLists, parseCredentialsValue, ruleListsOf } from '../credentials/credentials-value';
import type { ConnectivityTarget } from './mosquitto-commands';

export interface CredentialsConnectivity {
  /** Undefined when the broker has no listener these credentials can be used on (X.509 without TLS). */
  target: ConnectivityTarget | undefined;
  rules: AuthRuleLists;
}

const portOf = (value: BrokerConfig[string] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/** Where and how a client using these credentials connects: the broker's host and the right listener's port. */
export function connectivityOf(credentials: MqttClientCredentials, config: BrokerConfig, host: string, password: string | undefined): CredentialsConnectivity {
  const parsed = parseCredentialsValue(credentials);
  if (parsed.credentialsType === 'X_509') {
    const tlsPort = config.tlsListenerEnabled === true ? portOf(config.tlsPort) : undefined;
    // The commands show the rules of the first mapping entry, the one most certificates match.
    const firstRules = Object.values(parsed.value.authRulesMapping ?? {})[0];
    return { target: tlsPort === undefined ? undefined : { kind: 'X_509', host, port: tlsPort }, rules: ruleListsOf(firstRules) };
  }
  const { clientId, userName, passwordSet, authRules } = parsed.value;
  const target: ConnectivityTarget = {
    kind: 'MQTT_BASIC',
    host,
    port: portOf(config.tcpPort) ?? 1883,
    clientId: clientId ?? undefined,
    userName: userName ?? undefined,
    passwordSet: passwordSet === true || password !== undefined,
    password,
  };
  return { target, rules: ruleListsOf(authRules) };
}
