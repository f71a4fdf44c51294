import { timingSafeEqual } from 'node:crypto';
import type { ScramAlgorithm, ScramCredentials } from '../../credentials/client-credentials.js';
import type { EnhancedAuthentication } from '../../mqtt/access-control.js';
import { ScramServerExchange, scramSecretOf, type ScramMechanism } from './scram-server.js';

/** MQTT 5 reason codes a refused enhanced authentication ends with (CONNACK, or DISCONNECT after a re-authentication). */
export const UNSPECIFIED_ERROR = 0x80;
export const PROTOCOL_ERROR = 0x82;
export const NOT_AUTHORIZED = 0x87;
export const BAD_AUTHENTICATION_METHOD = 0x8c;

const ALGORITHM_OF: Record<ScramMechanism, ScramAlgorithm> = { 'SCRAM-SHA-256': 'SHA_256', 'SCRAM-SHA-512': 'SHA_512' };

const isScramMechanism = (method: string): method is ScramMechanism => Object.hasOwn(ALGORITHM_OF, method);

/** proofChecked: a proof (or, simulated, a password) was judged, for the password-guessing guard. */
export type ScramRefusal = { admitted: false; reason: string; reasonCode: number; proofChecked: boolean };
export type ScramDecision = { admitted: true; credentials: ScramCredentials; serverFinal: Buffer } | ScramRefusal;
export type ScramSimulation = { admitted: true; credentials: ScramCredentials; passwordChecked: boolean } | ScramRefusal;

const refused = (reason: string, reasonCode: number, proofChecked = false): ScramRefusal => ({ admitted: false, reason, reasonCode, proofChecked });

/** The mechanism a method names, or why SCRAM will not take it: one it does not know, or any while the provider is disabled (0x8C). */
function acceptedMechanism(method: string, enabled: boolean): ScramMechanism | ScramRefusal {
  if (!isScramMechanism(method)) return refused(`Authentication method ${JSON.stringify(method.slice(0, 64))} is not supported: SCRAM-SHA-256 and SCRAM-SHA-512 are`, BAD_AUTHENTICATION_METHOD);
  if (!enabled) return refused(`SCRAM: the provider is disabled, so ${method} is not accepted`, BAD_AUTHENTICATION_METHOD);
  return method;
}

/**
 * One SCRAM exchange over MQTT 5 AUTH packets (section 4.12): the CONNECT's Authentication Data is
 * the client-first message, the broker's challenge the server-first, the client's AUTH answer the
 * client-final, and the CONNACK carries the server-final. Credentials are found by the SCRAM
 * username and must be of the mechanism the client named.
 */
export async function authenticateWithScram(
  enhanced: EnhancedAuthentication,
  enabled: boolean,
  credentialsOf: (userName: string) => ScramCredentials | undefined,
): Promise<ScramDecision> {
  const method = acceptedMechanism(enhanced.method, enabled);
  if (typeof method !== 'string') return method;
  if (enhanced.data === undefined || enhanced.data.byteLength === 0) return refused(`SCRAM: the CONNECT carries no client-first message as Authentication Data`, UNSPECIFIED_ERROR);
  const algorithm = ALGORITHM_OF[method];
  let found: ScramCredentials | undefined;
  const exchange = new ScramServerExchange(method, (userName) => {
    const credentials = credentialsOf(userName);
    // Credentials of the other hash answer as an unknown user would: the proof cannot hold.
    found = credentials?.algorithm === algorithm ? credentials : undefined;
    return found && { mechanism: method, salt: found.salt, iterations: found.iterations, storedKey: found.storedKey, serverKey: found.serverKey };
  });
  const first = exchange.step(enhanced.data);
  if (first.kind !== 'challenge') return refused(`SCRAM: ${first.kind === 'failure' ? first.reason : 'unexpected step'}`, NOT_AUTHORIZED);
  let clientFinal: Buffer;
  try {
    clientFinal = await enhanced.challenge(Buffer.from(first.serverFirst, 'utf8'));
  } catch (error) {
    const reasonCode = (error as { reasonCode?: number }).reasonCode ?? NOT_AUTHORIZED;
    return refused(`SCRAM: ${error instanceof Error ? error.message : String(error)}`, reasonCode);
  }
  const last = exchange.step(clientFinal);
  if (last.kind === 'success' && found) return { admitted: true, credentials: found, serverFinal: Buffer.from(last.serverFinal, 'utf8') };
  return refused(`SCRAM: ${last.kind === 'failure' ? last.reason : 'unexpected step'}`, NOT_AUTHORIZED, true);
}

/**
 * What SCRAM would decide for a client with this username and password (the access simulator): the
 * same credentials lookup as the exchange, the password checked against the StoredKey the exchange
 * proves knowledge of. Without a password, the credentials' rules are answered unchecked.
 */
export function simulateScram(
  method: string,
  enabled: boolean,
  credentialsOf: (userName: string) => ScramCredentials | undefined,
  userName: string | undefined,
  password: string | undefined,
): ScramSimulation {
  const mechanism = acceptedMechanism(method, enabled);
  if (typeof mechanism !== 'string') return mechanism;
  const credentials = userName === undefined ? undefined : credentialsOf(userName);
  if (!credentials || credentials.algorithm !== ALGORITHM_OF[mechanism]) return refused(`SCRAM: no ${ALGORITHM_OF[mechanism]} SCRAM credentials have this username`, NOT_AUTHORIZED, password !== undefined);
  if (password === undefined) return { admitted: true, credentials, passwordChecked: false };
  const derived = scramSecretOf(mechanism, password, credentials.salt, credentials.iterations);
  if (!timingSafeEqual(derived.storedKey, credentials.storedKey)) return refused('SCRAM: bad username or password', NOT_AUTHORIZED, true);
  return { admitted: true, credentials, passwordChecked: true };
}
