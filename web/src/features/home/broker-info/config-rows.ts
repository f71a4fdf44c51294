import type { MessageDescriptor } from 'react-intl';
import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';

export type ConfigValue = BrokerConfig[string];

export interface ConfigRow {
  key: string;
  /** The translated label; undefined for a key this console does not know (a production broker's own). */
  label: MessageDescriptor['id'] | undefined;
  value: ConfigValue;
}

/** The keys the console knows, in the order the card shows them: listeners first, then who may connect. */
const KNOWN_KEYS = {
  tcpPort: 'home.config-tcpPort',
  tcpListenerEnabled: 'home.config-tcpListenerEnabled',
  wsPort: 'home.config-wsPort',
  wsPath: 'home.config-wsPath',
  wsListenerEnabled: 'home.config-wsListenerEnabled',
  tlsPort: 'home.config-tlsPort',
  tlsListenerEnabled: 'home.config-tlsListenerEnabled',
  wssPort: 'home.config-wssPort',
  wssListenerEnabled: 'home.config-wssListenerEnabled',
  basicAuthEnabled: 'home.config-basicAuthEnabled',
  x509AuthEnabled: 'home.config-x509AuthEnabled',
  scramAuthEnabled: 'home.config-scramAuthEnabled',
  jwtAuthEnabled: 'home.config-jwtAuthEnabled',
  httpAuthEnabled: 'home.config-httpAuthEnabled',
  anonymousAccessMode: 'home.config-anonymousAccessMode',
  anonymousAccessAllowed: 'home.config-anonymousAccessAllowed',
  existsBasicCredentials: 'home.config-existsBasicCredentials',
  existsX509Credentials: 'home.config-existsX509Credentials',
  existsScramCredentials: 'home.config-existsScramCredentials',
  tcpMaxPayloadSize: 'home.config-tcpMaxPayloadSize',
  tlsMaxPayloadSize: 'home.config-tlsMaxPayloadSize',
  wsMaxPayloadSize: 'home.config-wsMaxPayloadSize',
  wssMaxPayloadSize: 'home.config-wssMaxPayloadSize',
  statsCollectionInterval: 'home.config-statsCollectionInterval',
  statsCollectionIntervalSeconds: 'home.config-statsCollectionIntervalSeconds',
  allowKafkaTopicDeletion: 'home.config-allowKafkaTopicDeletion',
} as const satisfies Record<string, MessageDescriptor['id']>;

const KNOWN_ORDER: readonly string[] = Object.keys(KNOWN_KEYS);

function isKnown(key: string): key is keyof typeof KNOWN_KEYS {
  return Object.hasOwn(KNOWN_KEYS, key);
}

/**
 * Spec section 2, home "config": the broker config map as one page of key/value rows. Known keys come
 * first, in their order and with their labels; any other key follows by name, under its own name.
 */
export function configRows(config: BrokerConfig): ConfigRow[] {
  const rank = (key: string) => (isKnown(key) ? KNOWN_ORDER.indexOf(key) : KNOWN_ORDER.length);
  return Object.entries(config)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, value]) => ({ key, label: isKnown(key) ? KNOWN_KEYS[key] : undefined, value }));
}
