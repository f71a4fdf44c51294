import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import { containsIgnoringCase } from '../lists/text-match.js';
import type { SettingsRepository, StoredSettings } from '../settings/settings-repository.js';
import { type AuthProvider, type BasicAuthStrategy, type HttpProviderConfiguration, ORDERED_TYPES, type OrderedProviderType, type ProviderType, shortOf, type ShortAuthProvider, type X509ProviderConfiguration } from './auth-provider.js';
import type { AuthProviderRepository } from './auth-provider-repository.js';
import { checkedConfiguration, withoutSecrets } from './provider-configuration.js';
import type { JwtProviderConfiguration } from './jwt/jwt-configuration.js';
import { createJwtVerifier, type JwtVerifier } from './jwt/jwt-verifier.js';
import { HttpAuthCheck } from './http/http-auth-check.js';

export const MQTT_AUTHORIZATION_KEY = 'mqttAuthorization';

export interface MqttAuthorizationSettings {
  priorities: OrderedProviderType[];
}

export interface ProviderPageQuery extends PageLink {
  textSearch?: string;
  sortProperty?: 'type' | 'enabled' | 'createdTime' | 'description';
  sortOrder?: 'ASC' | 'DESC';
}

/** What the CONNECT decision reads from the providers, each time, so that a change applies to the next client at once. */
export interface ProviderSettings {
  /** The enabled providers that judge a CONNECT, in the operator's order. */
  order(): OrderedProviderType[];
  basicStrategy(): BasicAuthStrategy;
  x509(): X509ProviderConfiguration;
  /** The JWT check while JWT is enabled. */
  jwt(): JwtVerifier | undefined;
  /** The outside service's check while HTTP is enabled. */
  http(): HttpAuthCheck | undefined;
  /** Whether MQTT 5 clients may authenticate with SCRAM (it is outside the order: a client asks for it). */
  scramEnabled(): boolean;
}

/**
 * The MQTT authentication providers (issue 27), kept in memory for the CONNECT path and written
 * through to SQLite; the order lives in the settings as TBMQ keeps it (key mqttAuthorization).
 */
export class AuthProviderService implements ProviderSettings {
  private readonly byId = new Map<string, AuthProvider>();
  private readonly byType = new Map<ProviderType, AuthProvider>();
  /** The order as stored, read once: every CONNECT asks for it, so it is never read from SQLite there. */
  private storedOrder: StoredSettings<MqttAuthorizationSettings>;
  private jwtVerifier: JwtVerifier | undefined;
  private httpCheck: HttpAuthCheck | undefined;

  constructor(
    private readonly repository: AuthProviderRepository,
    private readonly settings: SettingsRepository,
  ) {
    for (const provider of repository.all()) this.keep(provider);
    // A verified certificate first, as Starling always asked (TBMQ starts with MQTT_BASIC first).
    if (!settings.stored(MQTT_AUTHORIZATION_KEY)) settings.save(MQTT_AUTHORIZATION_KEY, { priorities: ['X_509', 'MQTT_BASIC', 'JWT', 'HTTP'] });
    this.storedOrder = this.readPriorities();
    this.rebuildJwt();
    this.rebuildHttp();
  }

  private keep(provider: AuthProvider): void {
    this.byId.set(provider.id, provider);
    this.byType.set(provider.type, provider);
  }

  private ofType(type: ProviderType): AuthProvider {
    const provider = this.byType.get(type);
    if (!provider) throw new Error(`The ${type} provider is missing`);
    return provider;
  }

  page(query: ProviderPageQuery): Page<ShortAuthProvider> {
    const search = containsIgnoringCase(query.textSearch);
    const property = query.sortProperty ?? 'createdTime';
    const direction = query.sortOrder === 'DESC' ? -1 : 1;
    const rank = new Map<ProviderType, number>(this.priorities().map((type, index) => [type, index]));
    const all = [...this.byId.values()]
      .map(shortOf)
      .filter((provider) => !search || search(provider.type) || search(provider.description))
      .sort((a, b) => {
        const byProperty = a[property] === b[property] ? 0 : a[property] < b[property] ? -1 : 1;
        // Ties (all were made together) go by the order that judges a CONNECT, SCRAM last.
        return byProperty * direction || (rank.get(a.type) ?? 99) - (rank.get(b.type) ?? 99);
      });
    const start = query.page * query.pageSize;
    return toPage(all.slice(start, start + query.pageSize), all.length, query);
  }

  get(id: string): AuthProvider {
    const provider = this.byId.get(id);
    if (!provider) throw ApiError.notFound(`No authentication provider has id ${id}`);
    return withoutSecrets(provider);
  }

  /** The stored provider of a type, secrets included: for the broker's own use, never answered. */
  storedOfType(type: ProviderType): AuthProvider {
    return this.ofType(type);
  }

  getByType(type: ProviderType): AuthProvider {
    return withoutSecrets(this.ofType(type));
  }

  save(given: { id?: string; type: ProviderType; enabled?: boolean; configuration: unknown }): AuthProvider {
    if (given.id === undefined) throw ApiError.invalidArguments(`body.id is required: each provider type exists once (GET /api/mqtt/auth/provider/type/${given.type} answers it)`);
    const stored = this.byId.get(given.id);
    if (!stored) throw ApiError.notFound(`No authentication provider has id ${given.id}`);
    if (stored.type !== given.type) throw ApiError.invalidArguments(`body.type must stay ${stored.type}: a provider's type cannot change`);
    const saved: AuthProvider = { ...stored, enabled: given.enabled ?? stored.enabled, configuration: checkedConfiguration(stored.type, given.configuration, stored) };
    this.store(saved);
    return withoutSecrets(saved);
  }

  setEnabled(id: string, enabled: boolean): void {
    const stored = this.byId.get(id);
    if (!stored) throw ApiError.notFound(`No authentication provider has id ${id}`);
    if (stored.enabled !== enabled) this.store({ ...stored, enabled });
  }

  private store(provider: AuthProvider): void {
    this.repository.update(provider);
    this.keep(provider);
    if (provider.type === 'JWT') this.rebuildJwt();
    if (provider.type === 'HTTP') this.rebuildHttp();
  }

  private rebuildHttp(): void {
    this.httpCheck?.close();
    const provider = this.ofType('HTTP');
    this.httpCheck = provider.enabled ? new HttpAuthCheck(provider.configuration as HttpProviderConfiguration) : undefined;
  }

  private rebuildJwt(): void {
    this.jwtVerifier?.close();
    const jwt = this.ofType('JWT');
    this.jwtVerifier = jwt.enabled ? createJwtVerifier(jwt.configuration as unknown as JwtProviderConfiguration) : undefined;
  }

  priorities(): OrderedProviderType[] {
    return this.storedPriorities().value.priorities;
  }

  storedPriorities(): StoredSettings<MqttAuthorizationSettings> {
    return this.storedOrder;
  }

  private readPriorities(): StoredSettings<MqttAuthorizationSettings> {
    const stored = this.settings.stored<MqttAuthorizationSettings>(MQTT_AUTHORIZATION_KEY);
    if (!stored) throw new Error('The mqttAuthorization settings are missing');
    // A type a stored order leaves out is asked last, so that no enabled provider is ever skipped.
    const listed = stored.value.priorities.filter((type) => (ORDERED_TYPES as readonly string[]).includes(type));
    return { ...stored, value: { priorities: [...listed, ...ORDERED_TYPES.filter((type) => !listed.includes(type))] } };
  }

  savePriorities(priorities: OrderedProviderType[]): StoredSettings<MqttAuthorizationSettings> {
    this.settings.save(MQTT_AUTHORIZATION_KEY, { priorities });
    this.storedOrder = this.readPriorities();
    return this.storedOrder;
  }

  order(): OrderedProviderType[] {
    return this.priorities().filter((type) => this.ofType(type).enabled);
  }

  basicStrategy(): BasicAuthStrategy {
    const configuration = this.ofType('MQTT_BASIC').configuration;
    return configuration.type === 'MQTT_BASIC' ? configuration.authStrategy : 'CLIENT_ID_AND_USERNAME';
  }

  x509(): X509ProviderConfiguration {
    return this.ofType('X_509').configuration as X509ProviderConfiguration;
  }

  jwt(): JwtVerifier | undefined {
    return this.jwtVerifier;
  }

  http(): HttpAuthCheck | undefined {
    return this.httpCheck;
  }

  scramEnabled(): boolean {
    return this.ofType('SCRAM').enabled;
  }

  /** Which providers are on, for the home page's configuration rows. */
  enabledTypes(): Set<ProviderType> {
    return new Set([...this.byId.values()].filter((provider) => provider.enabled).map((provider) => provider.type));
  }

  close(): void {
    this.jwtVerifier?.close();
    this.httpCheck?.close();
  }
}
