import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import { type AuthRuleLists, ruleListsOf } from '../../../components/rule-patterns/rule-lists';
import { parseCredentialsValue } from '../credentials/credentials-value';
import type { ConnectivityTarget } from './mosquitto-commands';

export interface CredentialsConnectivity {
  /** Undefined when mosquitto cannot use these credentials here (X.509 without a TLS listener; SCRAM, which the console does not offer to check). */
  target: ConnectivityTarget | undefined;
  rules: AuthRuleLists;
}

const portOf = (value: BrokerConfig[string] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/** Where and how a client using these credentials connects: the broker's host and the right listener's port. */
export function connectivityOf(credentials: MqttClientCredentials, config: BrokerConfig, host: string, password: string | undefined): CredentialsConnectivity {
  const parsed = parseCredentialsValue(credentials);
  if (parsed.credentialsType === 'SCRAM') return { target: undefined, rules: ruleListsOf(parsed.value.authRules) };
  if (parsed.credentialsType === 'X_509') {
    const tlsPort = config.tlsListenerEnabled === true ? portOf(config.tlsPort) : undefined;
    // The commands show the rules of the first mapping entry, the one most certificates match.
    const firstRules = Object.values(parsed.value.authRulesMapping ?? {})[0];
    return { target: tlsPort === undefined ? undefined : { kind: 'X_509', host, port: tlsPort }, rules: ruleListsOf(firstRules) };
  }
  const { clientId, userName, authRules } = parsed.value;
  // Answers carry the password as null: whether one is set is in additionalInfo.
  const passwordSet = credentials.additionalInfo?.mqttBasicPasswordIsSet === true;
  const target: ConnectivityTarget = {
    kind: 'MQTT_BASIC',
    host,
    port: portOf(config.tcpPort) ?? 1883,
    clientId: clientId ?? undefined,
    userName: userName ?? undefined,
    passwordSet: passwordSet || password !== undefined,
    password,
  };
  return { target, rules: ruleListsOf(authRules) };
}
