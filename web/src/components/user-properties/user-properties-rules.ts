// Spec section 3 (web-socket client): MQTT 5 user properties are edited as a list of key/value pairs;
// sent to mqtt.js, repeated keys become arrays of their values.

export interface UserProperty {
  key: string;
  value: string;
}

/** mqtt.js's shape of user properties: one value, or several for a repeated key. */
export type MqttUserProperties = Record<string, string | string[]>;

/** Spec section 9: the web-socket client's lists hold at most 100 entries. */
export const MAX_USER_PROPERTIES = 100;

/** The list as mqtt.js takes it: pairs with an empty key are dropped, repeated keys gather their values in order. */
export function toMqttUserProperties(list: readonly UserProperty[]): MqttUserProperties {
  const properties: MqttUserProperties = {};
  for (const { key, value } of list) {
    if (key === '') continue;
    const existing = properties[key];
    if (existing === undefined) properties[key] = value;
    else properties[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return properties;
}

/** Back from mqtt.js's shape to one pair per value. */
export function fromMqttUserProperties(properties: MqttUserProperties | null | undefined): UserProperty[] {
  return Object.entries(properties ?? {}).flatMap(([key, values]) => (Array.isArray(values) ? values : [values]).map((value) => ({ key, value: String(value) })));
}
