import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import type { MqttClientCredentials } from '../../../api/generated/model/mqttClientCredentials';
import { type AuthRuleLists, ruleListsOf } from '../../../components/rule-patterns/rule-lists';
import { parseCredentialsValue } from '../credentials/credentials-value';
import type { MosquittoTarget } from './mosquitto-commands';

/** SCRAM credentials: what an MQTT 5 client doing enhanced authentication needs (no Mosquitto commands). */
export interface ScramTarget {
  kind: 'SCRAM';
  host: string;
  port: number;
  userName: string;
  /** The CONNECT packet's Authentication Method (MQTT 5.0 section 3.1.2.11.9): the SASL mechanism name of RFC 7677 / RFC 5802. */
  authenticationMethod: 'SCRAM-SHA-256' | 'SCRAM-SHA-512';
}

export type ConnectivityTarget = MosquittoTarget | ScramTarget;

export interface CredentialsConnectivity {
  /** Undefined when these credentials cannot connect here (X.509 without a TLS listener). */
  target: ConnectivityTarget | undefined;
  rules: AuthRuleLists;
}

const portOf = (value: BrokerConfig[string] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/** Where and how a client using these credentials connects: the broker's host and the right listener's port. */
export function connectivityOf(credentials: MqttClientCredentials, config: BrokerConfig, host: string, password: string | undefined): CredentialsConnectivity {
  const parsed = parseCredentialsValue(credentials);
  const tcpPort = portOf(config.tcpPort) ?? 1883;
  if (parsed.credentialsType === 'SCRAM') {
    const { userName, algorithm, authRules } = parsed.value;
    const target: ScramTarget = { kind: 'SCRAM', host, port: tcpPort, userName: userName ?? '', authenticationMethod: algorithm === 'SHA_512' ? 'SCRAM-SHA-512' : 'SCRAM-SHA-256' };
    return { target, rules: ruleListsOf(authRules) };
  }
  if (parsed.credentialsType === 'X_509') {
    const tlsPort = config.tlsListenerEnabled === true ? portOf(config.tlsPort) : undefined;
    // The commands show the rules of the first mapping entry, the one most certificates match.
    const firstRules = Object.values(parsed.value.authRulesMapping ?? {})[0];
    return { target: tlsPort === undefined ? undefined : { kind: 'X_509', host, port: tlsPort }, rules: ruleListsOf(firstRules) };
  }
  const { clientId, userName, authRules } = parsed.value;
  // Answers carry the password as null: whether one is set is in additionalInfo.
  const passwordSet = credentials.additionalInfo?.mqttBasicPasswordIsSet === true;
  const target: MosquittoTarget = {
    kind: 'MQTT_BASIC',
    host,
    port: tcpPort,
    clientId: clientId ?? undefined,
    userName: userName ?? undefined,
    passwordSet: passwordSet || password !== undefined,
    password,
  };
  return { target, rules: ruleListsOf(authRules) };
}
