// Stand-ins with the shared widgets' signatures until their branch lands on main; conversions.ts then re-exports theirs.
export type DurationUnit = 'MILLISECONDS' | 'SECONDS' | 'MINUTES' | 'HOURS';
export type DataSizeUnit = 'B' | 'KB' | 'MB';
export interface UserProperty {
  key: string;
  value: string;
}
export type MqttUserProperties = Record<string, string | string[]>;

const DURATION: Record<DurationUnit, number> = { MILLISECONDS: 1, SECONDS: 1000, MINUTES: 60_000, HOURS: 3_600_000 };
const SIZE: Record<DataSizeUnit, number> = { B: 1, KB: 1024, MB: 1024 * 1024 };

export const toMilliseconds = (value: number, unit: DurationUnit): number => value * DURATION[unit];
export const toSeconds = (value: number, unit: DurationUnit): number => (value * DURATION[unit]) / 1000;
export const toBytes = (value: number, unit: DataSizeUnit): number => value * SIZE[unit];

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
