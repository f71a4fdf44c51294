import type { MqttAuthorizationSettings } from '../../../api/generated/model/mqttAuthorizationSettings';
import type { MqttAuthorizationSettingsJsonValuePrioritiesItem } from '../../../api/generated/model/mqttAuthorizationSettingsJsonValuePrioritiesItem';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';

/** A provider type that takes a place in the order: every one but SCRAM, which the client asks for. */
export type OrderedProviderType = MqttAuthorizationSettingsJsonValuePrioritiesItem;

/** TBMQ 2.3's order before an operator changes it. */
export const DEFAULT_PRIORITIES: readonly OrderedProviderType[] = ['MQTT_BASIC', 'X_509', 'JWT', 'HTTP'];

export function isOrdered(type: ShortMqttAuthProvider['type']): type is OrderedProviderType {
  return type !== 'SCRAM';
}

/**
 * The order the providers judge a CONNECT in: the stored priorities, then any ordered type they
 * leave out (a broker may add one), in the default order.
 */
export function completeOrder(priorities: readonly OrderedProviderType[] | undefined): OrderedProviderType[] {
  const stored = [...new Set(priorities ?? DEFAULT_PRIORITIES)];
  return [...stored, ...DEFAULT_PRIORITIES.filter((type) => !stored.includes(type))];
}

export interface ProvidersInOrder {
  ordered: ShortMqttAuthProvider[];
  /** SCRAM: MQTT 5 enhanced authentication, asked for by the client, so outside the order. */
  apart: ShortMqttAuthProvider[];
}

export function providersInOrder(providers: readonly ShortMqttAuthProvider[], order: readonly OrderedProviderType[]): ProvidersInOrder {
  const ordered = order.flatMap((type) => providers.filter((provider) => provider.type === type));
  return { ordered, apart: providers.filter((provider) => !isOrdered(provider.type)) };
}

/** The order with the type at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveInOrder(order: readonly OrderedProviderType[], index: number, step: -1 | 1): OrderedProviderType[] {
  const target = index + step;
  if (index < 0 || target < 0 || target >= order.length) return [...order];
  const moved = [...order];
  [moved[index], moved[target]] = [moved[target] as OrderedProviderType, moved[index] as OrderedProviderType];
  return moved;
}

export function sameOrder(first: readonly OrderedProviderType[], second: readonly OrderedProviderType[]): boolean {
  return first.length === second.length && first.every((type, index) => second[index] === type);
}

/** What to save: the stored row (TBMQ 2.3 saves over it only with its id) with the new priorities. */
export function orderSettingsOf(stored: MqttAuthorizationSettings | undefined, priorities: readonly OrderedProviderType[]): MqttAuthorizationSettings {
  return { ...stored, key: 'mqttAuthorization', jsonValue: { ...stored?.jsonValue, priorities: [...priorities] } };
}
