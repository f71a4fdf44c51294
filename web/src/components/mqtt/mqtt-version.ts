/** MQTT protocol levels as people name the versions (spec section 3: 3.1 is 3, 3.1.1 is 4, 5 is 5). */
const VERSION_NAMES: Record<number, string> = { 3: '3.1', 4: '3.1.1', 5: '5' };

/** The protocol levels a client can choose, oldest first. */
export const MQTT_VERSIONS = [3, 4, 5] as const;

export function mqttVersionName(protocolLevel: number): string {
  return VERSION_NAMES[protocolLevel] ?? String(protocolLevel);
}
