import { randomLettersAndDigits } from '../auth/random-text.js';
import type { CredentialsService } from '../credentials/credentials-service.js';
import { ApiError } from '../http/api-error.js';

/** What the web-socket client needs of the client credentials (src/credentials). */
export interface CredentialsPort {
  exists(id: string): boolean;
  /**
   * Creates MQTT_BASIC credentials of an application allowed every topic, marked as the broker's own
   * (they do not close it to anonymous clients); answers their id.
   */
  createBasic(credentials: { name: string; clientId: string; userName: string; password: string }): Promise<string>;
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
    async createBasic({ name, clientId, userName, password }) {
      const value = { clientId, userName, password };
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
