import type { ClientIdentity as ConnectingClient } from '../mqtt/access-control.js';
import type { AuthRules, BasicCredentials, ClientCredentials, ScramCredentials, X509Credentials } from './client-credentials.js';
import { wholeMatch } from './topic-rules.js';

/** What credentials are matched against: client id, username and certificate common name. */
export type ClientIdentity = Pick<ConnectingClient, 'clientId' | 'username' | 'certificateCommonName'>;

const identityKey = (clientId: string | null, userName: string | null) => JSON.stringify([clientId, userName]);

function basicMatches(credentials: BasicCredentials, identity: ClientIdentity): boolean {
  return (credentials.clientId === null || credentials.clientId === identity.clientId) && (credentials.userName === null || credentials.userName === identity.username);
}

function x509Matches(credentials: X509Credentials, commonName: string): boolean {
  return credentials.certCnIsRegex ? wholeMatch(credentials.certCnPattern).test(commonName) : credentials.certCnPattern === commonName;
}

/**
 * Whether these credentials would take this client in (the password aside). SCRAM credentials
 * always do: the SCRAM exchange named them by its own user name, which CONNECT's need not repeat.
 */
export function credentialsMatch(credentials: ClientCredentials, identity: ClientIdentity): boolean {
  if (credentials.credentialsType === 'MQTT_BASIC') return basicMatches(credentials, identity);
  if (credentials.credentialsType === 'SCRAM') return true;
  return identity.certificateCommonName !== undefined && x509Matches(credentials, identity.certificateCommonName);
}

/** The rules credentials grant this client: for X_509, every mapping entry whose pattern matches the common name. */
export function rulesFor(credentials: ClientCredentials, identity: ClientIdentity): AuthRules {
  if (credentials.credentialsType !== 'X_509') return credentials.authRules;
  const commonName = identity.certificateCommonName ?? '';
  const granted = Object.entries(credentials.authRulesMapping).filter(([pattern]) => wholeMatch(pattern).test(commonName));
  return {
    pubAuthRulePatterns: granted.flatMap(([, rules]) => rules.pubAuthRulePatterns),
    subAuthRulePatterns: granted.flatMap(([, rules]) => rules.subAuthRulePatterns),
  };
}

/**
 * Every client credential in memory, indexed for CONNECT: the decisions on the MQTT path never
 * wait for SQLite. The service keeps it in step with the repository.
 */
export class CredentialsCatalog {
  private readonly byId = new Map<string, ClientCredentials>();
  private readonly basicByIdentity = new Map<string, BasicCredentials>();
  /** Literal common names before patterns, each oldest first: the most specific entry decides. */
  private x509: X509Credentials[] = [];
  /** SCRAM credentials by the user name a client gives in its SCRAM exchange. */
  private readonly scramByUserName = new Map<string, ScramCredentials>();
  /** Ids of credentials the broker made for itself (web-socket client AUTO connections), all of them in byId. */
  private readonly generated = new Set<string>();
  #revision = 0;

  constructor(entries: Iterable<ClientCredentials> = []) {
    for (const entry of entries) this.put(entry);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Changes with every entry added, replaced or removed: decisions taken before may no longer hold. */
  get revision(): number {
    return this.#revision;
  }

  /** The credentials an operator made: what closes a broker in AUTO anonymous mode. */
  get operatorMadeCount(): number {
    return this.byId.size - this.generated.size;
  }

  /** Marks stored credentials as made by the broker for itself (read again at start); unknown ids are ignored. */
  markGenerated(id: string): void {
    if (this.byId.has(id)) this.generated.add(id);
  }

  get(id: string): ClientCredentials | undefined {
    return this.byId.get(id);
  }

  /** Adds or replaces an entry; `generated` marks it as made by the broker for itself, a mark an update keeps. */
  put(credentials: ClientCredentials, generated = false): void {
    const markedGenerated = generated || this.generated.has(credentials.id);
    this.remove(credentials.id);
    this.#revision += 1;
    this.byId.set(credentials.id, credentials);
    if (markedGenerated) this.generated.add(credentials.id);
    if (credentials.credentialsType === 'MQTT_BASIC') {
      this.basicByIdentity.set(identityKey(credentials.clientId, credentials.userName), credentials);
    } else if (credentials.credentialsType === 'SCRAM') {
      this.scramByUserName.set(credentials.userName, credentials);
    } else {
      this.x509 = [...this.x509, credentials].sort((a, b) => Number(a.certCnIsRegex) - Number(b.certCnIsRegex) || a.createdTime - b.createdTime);
    }
  }

  remove(id: string): void {
    const existing = this.byId.get(id);
    if (!existing) return;
    this.#revision += 1;
    this.byId.delete(id);
    this.generated.delete(id);
    if (existing.credentialsType === 'MQTT_BASIC') this.basicByIdentity.delete(identityKey(existing.clientId, existing.userName));
    else if (existing.credentialsType === 'SCRAM') this.scramByUserName.delete(existing.userName);
    else this.x509 = this.x509.filter((entry) => entry.id !== id);
  }

  /** MQTT_BASIC credentials with exactly this client id and user name (null: not set), for uniqueness. */
  basicWithIdentity(clientId: string | null, userName: string | null): BasicCredentials | undefined {
    return this.basicByIdentity.get(identityKey(clientId, userName));
  }

  /** The SCRAM credentials a SCRAM exchange names by its user name (also for uniqueness). */
  scramWithUserName(userName: string): ScramCredentials | undefined {
    return this.scramByUserName.get(userName);
  }

  x509WithPattern(certCnPattern: string): X509Credentials | undefined {
    return this.x509.find((entry) => entry.certCnPattern === certCnPattern);
  }

  /** The first X_509 entry matching the client's verified certificate's common name. */
  x509For(identity: ClientIdentity): X509Credentials | undefined {
    const commonName = identity.certificateCommonName;
    return commonName === undefined ? undefined : this.x509.find((entry) => x509Matches(entry, commonName));
  }

  /**
   * The MQTT_BASIC credentials that may let the client in under a strategy, most specific first:
   * client id and user name together, user name alone, client id alone (CLIENT_ID_AND_USERNAME);
   * or only those naming the client id alone (CLIENT_ID) or the user name alone (USERNAME).
   */
  basicCandidates(identity: ClientIdentity, strategy: 'CLIENT_ID' | 'USERNAME' | 'CLIENT_ID_AND_USERNAME'): BasicCredentials[] {
    const { clientId, username } = identity;
    const byClientId = this.basicWithIdentity(clientId, null);
    const byUsername = username === undefined ? undefined : this.basicWithIdentity(null, username);
    if (strategy === 'CLIENT_ID') return byClientId ? [byClientId] : [];
    if (strategy === 'USERNAME') return byUsername ? [byUsername] : [];
    const both = username === undefined ? undefined : this.basicWithIdentity(clientId, username);
    return [both, byUsername, byClientId].filter((entry): entry is BasicCredentials => entry !== undefined);
  }

  /**
   * The credentials that decide for a client: with a verified certificate, the first X_509 entry
   * matching its common name; otherwise (or when none does) MQTT_BASIC by client id and user name
   * together, then by user name alone, then by client id alone. Never SCRAM credentials: they let
   * a client in only through the SCRAM exchange.
   */
  find(identity: ClientIdentity): ClientCredentials | undefined {
    const commonName = identity.certificateCommonName;
    const x509 = commonName === undefined ? undefined : this.x509.find((entry) => x509Matches(entry, commonName));
    if (x509) return x509;
    const { clientId, username } = identity;
    return (
      (username === undefined ? undefined : (this.basicWithIdentity(clientId, username) ?? this.basicWithIdentity(null, username))) ??
      this.basicWithIdentity(clientId, null)
    );
  }
}
