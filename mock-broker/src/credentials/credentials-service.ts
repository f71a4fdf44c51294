import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Page } from '../database/page-query.js';
import { ApiError } from '../http/api-error.js';
import { scramSecretOf } from '../auth-providers/scram/scram-server.js';
import type { ClientType } from '../mqtt/sessions/session-registry.js';
import { BCRYPT_ROUNDS } from '../users/user-service.js';
import {
  shortViewOf,
  viewOf,
  type ClientCredentials,
  type ClientCredentialsView,
  type CredentialsType,
  type ScramAlgorithm,
  type ScramCredentials,
  type ShortClientCredentialsView,
} from './client-credentials.js';
import type { CredentialsCatalog } from './credentials-catalog.js';
import type { CredentialsPageQuery, CredentialsRepository } from './credentials-repository.js';
import { parseCredentialsValue, type CredentialsValueInput } from './credentials-value.js';
import type { PasswordCheckCache } from './password-check-cache.js';

export interface CredentialsSaveRequest {
  id?: string;
  name: string;
  clientType: ClientType;
  credentialsType: CredentialsType;
  credentialsValue: string;
  additionalInfo?: { description?: string } | null;
}

export interface CredentialsCounts {
  deviceCredentialsCount: number;
  applicationCredentialsCount: number;
  totalCount: number;
}

/**
 * Client credentials (BROKER-API.md "client credentials"): checks and stores them, keeps the
 * in-memory catalog the MQTT path reads in step, and awaits onChange after every change so that
 * connected clients are judged again before the change is answered.
 */
export class CredentialsService {
  constructor(
    private readonly repository: CredentialsRepository,
    private readonly catalog: CredentialsCatalog,
    private readonly passwords: PasswordCheckCache,
    private readonly onChange: () => Promise<unknown> = async () => undefined,
  ) {}

  page(query: CredentialsPageQuery): Page<ShortClientCredentialsView> {
    const page = this.repository.page(query);
    return { ...page, data: page.data.map(shortViewOf) };
  }

  getByName(name: string): ClientCredentialsView {
    const credentials = this.repository.findByName(name);
    if (!credentials) throw ApiError.notFound(`Client credentials named "${name}" are not found`);
    return viewOf(credentials);
  }

  get(id: string): ClientCredentialsView {
    return viewOf(this.stored(id));
  }

  /** Whether any client credentials of a type exist (the home page's getting-started hints). */
  typesInUse(): Set<string> {
    return this.repository.typesInUse();
  }

  counts(): CredentialsCounts {
    const counts = this.repository.countsByClientType();
    return { deviceCredentialsCount: counts.DEVICE, applicationCredentialsCount: counts.APPLICATION, totalCount: counts.DEVICE + counts.APPLICATION };
  }

  /**
   * Creates or updates credentials. `generated`: the broker makes them for itself (a web-socket
   * client AUTO connection's), so they do not close the broker to anonymous clients in AUTO mode.
   */
  async save(request: CredentialsSaveRequest, { now = Date.now(), generated = false } = {}): Promise<ClientCredentialsView> {
    const existing = request.id === undefined ? undefined : this.stored(request.id);
    const name = request.name.trim();
    if (name === '') throw ApiError.invalidArguments('body.name must not be blank');
    const value = parseCredentialsValue(request.credentialsType, request.credentialsValue);
    const id = existing?.id ?? randomUUID();
    this.checkUnique(id, value);
    const common = {
      id,
      createdTime: existing?.createdTime ?? now,
      name,
      clientType: request.clientType,
      description: request.additionalInfo?.description,
    };
    let credentials: ClientCredentials;
    if (value.credentialsType === 'MQTT_BASIC') {
      credentials = { ...common, credentialsType: 'MQTT_BASIC', clientId: value.clientId, userName: value.userName, authRules: value.authRules, passwordHash: await this.passwordHash(value.password, existing) };
    } else if (value.credentialsType === 'SCRAM') {
      const { userName, algorithm, authRules } = value;
      credentials = { ...common, credentialsType: 'SCRAM', userName, algorithm, authRules, ...scramSecret(algorithm, value.password, existing) };
    } else {
      credentials = { ...common, ...value };
    }
    return viewOf(await this.store(credentials, generated));
  }

  /** Credentials the broker made for itself earlier (read again at start), marked as save({ generated }) marks them. */
  markGenerated(ids: Iterable<string>): void {
    for (const id of ids) this.catalog.markGenerated(id);
  }

  async delete(id: string): Promise<void> {
    if (!this.repository.delete(id)) throw ApiError.notFound(`Client credentials with id ${id} are not found`);
    this.catalog.remove(id);
    this.passwords.forget(id);
    await this.onChange();
  }

  /** Changes an MQTT_BASIC password; the current one must be given when one is set. */
  async changePassword(id: string, currentPassword: string | null | undefined, newPassword: string): Promise<ClientCredentialsView> {
    const credentials = this.stored(id);
    if (credentials.credentialsType !== 'MQTT_BASIC') throw ApiError.invalidArguments(`Client credentials ${id} are ${credentials.credentialsType}: only MQTT_BASIC credentials have a password`);
    // As production brokers decide: a current password given where none is set does not match either.
    const given = currentPassword === null || currentPassword === undefined || currentPassword === '' ? null : currentPassword;
    const matches = credentials.passwordHash === null ? given === null : given !== null && (await bcrypt.compare(given, credentials.passwordHash));
    if (!matches) {
      throw ApiError.invalidArguments('body.currentPassword does not match the current password');
    }
    return viewOf(await this.store({ ...credentials, passwordHash: await bcrypt.hash(newPassword, BCRYPT_ROUNDS) }));
  }

  private stored(id: string): ClientCredentials {
    const credentials = this.repository.findById(id);
    if (!credentials) throw ApiError.notFound(`Client credentials with id ${id} are not found`);
    return credentials;
  }

  /** Stores, then drops connected clients these credentials no longer let in before answering. */
  private async store(credentials: ClientCredentials, generated = false): Promise<ClientCredentials> {
    this.repository.save(credentials);
    this.catalog.put(credentials, generated);
    this.passwords.forget(credentials.id);
    await this.onChange();
    return credentials;
  }

  /** Two entries taking in the same clients would make the outcome depend on which is found first. */
  private checkUnique(id: string, value: CredentialsValueInput): void {
    if (value.credentialsType === 'MQTT_BASIC') {
      const holder = this.catalog.basicWithIdentity(value.clientId, value.userName);
      if (holder && holder.id !== id) {
        throw ApiError.conflict(`body.credentialsValue: client credentials "${holder.name}" already have this client id and user name`);
      }
      return;
    }
    if (value.credentialsType === 'SCRAM') {
      // SCRAM user names are a namespace of their own: an MQTT_BASIC entry may have the same one.
      const holder = this.catalog.scramWithUserName(value.userName);
      if (holder && holder.id !== id) {
        throw ApiError.conflict(`body.credentialsValue.userName: SCRAM client credentials "${holder.name}" already have this user name`);
      }
      return;
    }
    const holder = this.catalog.x509WithPattern(value.certCnPattern);
    if (holder && holder.id !== id) {
      throw ApiError.conflict(`body.credentialsValue.certCnPattern: client credentials "${holder.name}" already have this certificate pattern`);
    }
  }

  /**
   * On update a password left out or null keeps the stored one, as production brokers do: answers
   * carry `password: null`, so a value read and sent back must not clear it. A string replaces it.
   */
  private async passwordHash(password: string | null | undefined, existing: ClientCredentials | undefined): Promise<string | null> {
    if (password === undefined || password === null) return existing?.credentialsType === 'MQTT_BASIC' ? existing.passwordHash : null;
    return bcrypt.hash(password, BCRYPT_ROUNDS);
  }
}

const MECHANISMS = { SHA_256: 'SCRAM-SHA-256', SHA_512: 'SCRAM-SHA-512' } as const;

type ScramSecretFields = Pick<ScramCredentials, 'salt' | 'iterations' | 'storedKey' | 'serverKey'>;

/**
 * What a SCRAM save stores of the password: a new salt and the keys derived with it (RFC 5802
 * section 3), never the password. Without a password an update keeps the stored keys, which only
 * prove a password under the algorithm they were made with.
 */
function scramSecret(algorithm: ScramAlgorithm, password: string | undefined, existing: ClientCredentials | undefined): ScramSecretFields {
  if (password === undefined) {
    if (existing?.credentialsType !== 'SCRAM') throw ApiError.invalidArguments('body.credentialsValue.password is required to create SCRAM credentials');
    if (existing.algorithm !== algorithm) throw ApiError.invalidArguments('body.credentialsValue.password is required when the algorithm changes');
    const { salt, iterations, storedKey, serverKey } = existing;
    return { salt, iterations, storedKey, serverKey };
  }
  const { salt, iterations, storedKey, serverKey } = scramSecretOf(MECHANISMS[algorithm], password);
  return { salt, iterations, storedKey, serverKey };
}
