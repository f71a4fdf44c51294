/** What an entry keeps in place of a secret that was given: that one was, never what it was. */
export const SECRET_PLACEHOLDER = '[secret]';

/**
 * Field names whose text is a secret wherever they appear in a body, an answer or a stored item:
 * passwords (the SMTP one, users', client credentials', outgoing credentials', private keys'),
 * tokens (access, refresh, reset, activation), private keys, shared secrets (JWT HMAC), SCRAM's
 * salt and derived keys, and header or property entries that carry credentials (Authorization,
 * cookies, API keys, Kafka's sasl.jaas.config). Only text is replaced: flags such as
 * `passwordSet` and settings such as `passwordPolicy` say nothing secret and stay.
 */
const SECRET_NAME = /password|passwd|secret|token|private|^salt$|serverkey|storedkey|hash|authorization|cookie|api[-_.]?key|jaas/i;

/** Client credentials' credentialsValue is JSON text (openapi.yaml MqttClientCredentialsSave): its password is inside. */
const JSON_TEXT_FIELDS = new Set(['credentialsValue']);

function scrubJsonText(text: string): unknown {
  try {
    return scrubSecrets(JSON.parse(text) as unknown);
  } catch {
    // Not JSON: nothing tells its secret parts apart, so none of it is kept.
    return text === '' ? text : SECRET_PLACEHOLDER;
  }
}

/** A copy of the value with every secret replaced by SECRET_PLACEHOLDER (null and empty text stay as they are). */
export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (typeof inner === 'string' && JSON_TEXT_FIELDS.has(name)) result[name] = scrubJsonText(inner);
    else if (typeof inner === 'string' && SECRET_NAME.test(name)) result[name] = inner === '' ? inner : SECRET_PLACEHOLDER;
    else result[name] = scrubSecrets(inner);
  }
  return result;
}

/** Whether the scrubber treats a field of this name as a secret (the contract test lists them). */
export function isSecretFieldName(name: string): boolean {
  return SECRET_NAME.test(name) || JSON_TEXT_FIELDS.has(name);
}
