import type { ClientType, JwtAuthRules } from './jwt-configuration.js';

/**
 * What the JWT provider decided for a CONNECT. SKIPPED is TBMQ's "skip": this provider does not
 * admit the client, and the chain may ask the next one; the reason is a short English sentence.
 */
export type JwtDecision =
  | {
      status: 'SUCCESS';
      clientType: ClientType;
      authRules: JwtAuthRules;
      /**
       * Milliseconds since the epoch from the token's exp, so that the broker can close the connection
       * then. It may lie years ahead: a timer for it must not be one setTimeout past 2^31-1 ms, which
       * Node fires at once.
       */
      expiresAt?: number;
    }
  | { status: 'SKIPPED'; reason: string };

export function skipped(reason: string): JwtDecision {
  return { status: 'SKIPPED', reason };
}
