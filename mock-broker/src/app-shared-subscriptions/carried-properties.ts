// The MQTT 5 properties a message keeps through Kafka, and the checks that what comes back from a
// Kafka topic is a valid MQTT topic name and valid properties: anyone who may write to the topic
// (not only this node) decides what a record holds.

/** The MQTT 5 properties a message keeps through Kafka (the rest belong to one hop). */
export interface CarriedProperties {
  payloadFormatIndicator?: boolean;
  contentType?: string;
  responseTopic?: string;
  correlationData?: Buffer;
  userProperties?: Record<string, string | string[]>;
}

/** MQTT's longest string or binary data (section 1.5.4, 1.5.6). */
export const MAX_MQTT_BYTES = 65_535;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A UTF-8 Encoded String as MQTT 5 section 1.5.4 has it: well-formed, no U+0000, at most 65,535 bytes. */
function isMqttString(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000') && !LONE_SURROGATE.test(value) && Buffer.byteLength(value, 'utf8') <= MAX_MQTT_BYTES;
}

/** A topic name a PUBLISH may carry (sections 3.3.2.1, 4.7.3): a non-empty MQTT string without wildcards. */
function isTopicName(value: unknown): value is string {
  return isMqttString(value) && value !== '' && !/[+#]/.test(value);
}

/** The topic name of a record key: undefined unless it is well-formed UTF-8 and a valid topic name. */
export function topicNameOf(key: Buffer | undefined | null): string | undefined {
  if (!key || key.length === 0 || key.length > MAX_MQTT_BYTES) return undefined;
  let text: string;
  try {
    text = STRICT_UTF8.decode(key);
  } catch {
    return undefined;
  }
  return isTopicName(text) ? text : undefined;
}

function userPropertiesOf(value: unknown): Record<string, string | string[]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, string | string[]> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!isMqttString(name)) continue;
    if (isMqttString(entry)) kept[name] = entry;
    else if (Array.isArray(entry)) {
      const values = entry.filter(isMqttString);
      if (values.length > 0) kept[name] = values;
    }
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * The carried properties of what a record's JSON holds, each kept only when it has its MQTT type
 * and limits: nothing else (no Topic Alias, Subscription Identifier or unknown name) reaches a
 * PUBLISH. The Payload Format Indicator stays only over a payload that is UTF-8 (section 3.3.2.3.2).
 */
export function validCarriedProperties(parsed: Record<string, unknown>, payload: Buffer): CarriedProperties | undefined {
  const carried: CarriedProperties = {};
  if (parsed.payloadFormatIndicator === false || (parsed.payloadFormatIndicator === true && isUtf8(payload))) carried.payloadFormatIndicator = parsed.payloadFormatIndicator;
  if (isMqttString(parsed.contentType)) carried.contentType = parsed.contentType;
  if (isTopicName(parsed.responseTopic)) carried.responseTopic = parsed.responseTopic;
  if (typeof parsed.correlationData === 'string') {
    const data = Buffer.from(parsed.correlationData, 'base64');
    if (data.length <= MAX_MQTT_BYTES) carried.correlationData = data;
  }
  const userProperties = userPropertiesOf(parsed.userProperties);
  if (userProperties) carried.userProperties = userProperties;
  return Object.keys(carried).length > 0 ? carried : undefined;
}

function isUtf8(payload: Buffer): boolean {
  try {
    STRICT_UTF8.decode(payload);
    return true;
  } catch {
    return false;
  }
}

/** The carried properties of a PUBLISH's properties. */
export function carriedProperties(properties: Record<string, unknown> | undefined): CarriedProperties | undefined {
  if (!properties) return undefined;
  const carried: CarriedProperties = {};
  if (properties.payloadFormatIndicator !== undefined) carried.payloadFormatIndicator = Boolean(properties.payloadFormatIndicator);
  if (typeof properties.contentType === 'string') carried.contentType = properties.contentType;
  if (typeof properties.responseTopic === 'string') carried.responseTopic = properties.responseTopic;
  if (Buffer.isBuffer(properties.correlationData)) carried.correlationData = properties.correlationData;
  if (properties.userProperties && typeof properties.userProperties === 'object') carried.userProperties = properties.userProperties as Record<string, string | string[]>;
  return Object.keys(carried).length > 0 ? carried : undefined;
}
