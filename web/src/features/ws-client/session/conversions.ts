// The unit and user-property conversions the session engine needs, in one place: the shared
// widgets' rules (components/unit-input, components/user-properties) are what the forms edit with.
export type { DurationUnit, DataSizeUnit } from './conversions-local';
export { toMilliseconds, toSeconds, toBytes, toMqttUserProperties, type UserProperty, type MqttUserProperties } from './conversions-local';
