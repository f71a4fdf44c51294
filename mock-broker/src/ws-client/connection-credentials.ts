import { randomLettersAndDigits } from '../auth/random-text.js';
import { allTopics } from '../credentials/client-credentials.js';
import type { CredentialsService } from '../credentials/credentials-service.js';
import { ApiError } from '../http/api-error.js';

/** What the web-socket client needs of the client credentials (src/credentials). */
export interface CredentialsPort {
  exists(id: string): boolean;
  /**
   * Creates MQTT_BASIC credentials of an application allowed to subscribe to every topic, and to
   * publish to every topic when `publishing`, marked as the broker's own (they do not close it to
   * anonymous clients); answers their id.
   */
  createBasic(credentials: { name: string; clientId: string; userName: string; password: string; publishing: boolean }): Promise<string>;
  /** Lets MQTT_BASIC credentials publish to every topic, or to none; their subscription rules stay. */
  allowPublishing(id: string, allowed: boolean): Promise<void>;
  /** Gives the credentials another client id, keeping everything else (the password too). */
  changeClientId(id: string, clientId: string): Promise<void>;
  /** Deletes them; credentials already gone are no error. */
  delete(id: string): Promise<void>;
  /** At start: the credentials made for connections earlier are the broker's own again. */
  markGenerated(ids: Iterable<string>): void;
}

/** The credentials an AUTO connection gets (openapi.yaml saveWsConnection). */
export const AUTO_CREDENTIALS_NAME = 'WebSocket Credentials';
export const AUTO_USERNAME_PREFIX = 'starling_websockets_';
const AUTO_USERNAME_RANDOM_CHARACTERS = 8;
/** 24 letters and digits: about 143 bits, well within bcrypt's 72 bytes. */
const AUTO_PASSWORD_CHARACTERS = 24;

export function generatedUsername(): string {
  return AUTO_USERNAME_PREFIX + randomLettersAndDigits(AUTO_USERNAME_RANDOM_CHARACTERS);
}

export function generatedPassword(): string {
  return randomLettersAndDigits(AUTO_PASSWORD_CHARACTERS);
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The port over the client credentials service: its checks, its catalog and its judging of connected clients all apply. */
export function credentialsPortOf(service: CredentialsService): CredentialsPort {
  return {
    exists(id) {
      try {
        service.get(id);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async createBasic({ name, clientId, userName, password, publishing }) {
      const value = { clientId, userName, password, authRules: { ...allTopics(), ...(publishing ? {} : { pubAuthRulePatterns: [] }) } };
      const saved = await service.save({ name, clientType: 'APPLICATION', credentialsType: 'MQTT_BASIC', credentialsValue: JSON.stringify(value) }, { generated: true });
      return saved.id;
    },
    async changeClientId(id, clientId) {
      const current = service.get(id);
      if (current.credentialsType !== 'MQTT_BASIC') return;
      // The value as answered, less passwordSet: a password left out keeps the stored one.
      const { passwordSet: _passwordSet, ...value } = JSON.parse(current.credentialsValue) as Record<string, unknown>;
      await service.save({ ...current, credentialsValue: JSON.stringify({ ...value, clientId }) });
    },
    async allowPublishing(id, allowed) {
      const current = service.get(id);
      if (current.credentialsType !== 'MQTT_BASIC') return;
      const { passwordSet: _passwordSet, ...value } = JSON.parse(current.credentialsValue) as { passwordSet?: boolean; authRules?: { subAuthRulePatterns?: string[] } };
      const authRules = { pubAuthRulePatterns: allowed ? allTopics().pubAuthRulePatterns : [], subAuthRulePatterns: value.authRules?.subAuthRulePatterns ?? allTopics().subAuthRulePatterns };
      await service.save({ ...current, credentialsValue: JSON.stringify({ ...value, authRules }) });
    },
    markGenerated: (ids) => service.markGenerated(ids),
    async delete(id) {
      try {
        await service.delete(id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
