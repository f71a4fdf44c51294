import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { BlockedClient } from '../blocked-clients/blocked-client.js';
import type { BlockedClientService } from '../blocked-clients/blocked-client-service.js';
import type { ProviderSettings } from '../auth-providers/auth-provider-service.js';
import { authenticateWithScram, simulateScram } from '../auth-providers/scram/scram-authentication.js';
import { scramUserNameOf } from '../auth-providers/scram/scram-server.js';
import type { AccessControl, AdmittedClient, AuthenticationResult, ClientIdentity, ConnectAttempt, EnhancedAuthentication } from '../mqtt/access-control.js';
import type { ClientType } from '../mqtt/sessions/session-registry.js';
import type { AnonymousAccess } from './anonymous-access.js';
import type { AuthRules, ClientCredentials } from './client-credentials.js';
import { credentialsMatch, rulesFor, type CredentialsCatalog } from './credentials-catalog.js';
import { BCRYPT_ROUNDS } from '../users/user-service.js';
import type { PasswordCheckCache } from './password-check-cache.js';
import type { PasswordGuessingGuard } from './password-guessing.js';
import { allowingPatternOf, ruledTopicFilter, type RuleList } from './topic-rules.js';

/** What a provider other than client credentials decided for the client (a JWT's type, rules and expiry). */
export interface ProviderGrant {
  provider: 'JWT' | 'HTTP';
  clientType: ClientType;
  authRules: AuthRules;
  expiresAt?: number;
}

export type ConnectDecision =
  /** authenticationData: the last data of an enhanced authentication, for the CONNACK. */
  | { admitted: true; credentials: ClientCredentials | undefined; passwordChecked: boolean; provider?: string; grant?: ProviderGrant; authenticationData?: Buffer }
  /** reasonCode: the MQTT 5 reason code when it is more precise than returnCode's (enhanced authentication). */
  | { admitted: false; reason: string; returnCode: 4 | 5; reasonCode?: number; passwordChecked: boolean; credentials?: ClientCredentials; blockedClient?: BlockedClient };

/** What the providers asked so far found: whether one recognised the client, and the failures to name. */
interface ChainOutcome {
  failures: string[];
  /** Credentials matched the client (a wrong password), or it sent a token: no anonymous fallback then. */
  recognised: 'credentials' | 'token' | undefined;
  credentials?: ClientCredentials;
  /** For the password-guessing guard: true a password or token was right, false wrong, undefined not judged. */
  matched: boolean | undefined;
}

export const BAD_CREDENTIALS = 'Bad username or password';
export const TOO_MANY_FAILURES = 'Too many failed passwords for this username or from this address: try again later';

/**
 * The secret checked at admission, so that a connected client is dropped when it changes. For SCRAM
 * the user name too: the exchange named the credentials by it, so a new one must authenticate again.
 */
export function secretStampOf(credentials: ClientCredentials): string {
  if (credentials.credentialsType === 'MQTT_BASIC') return credentials.passwordHash ?? '';
  if (credentials.credentialsType === 'SCRAM') return `${credentials.userName}\n${credentials.storedKey.toString('base64')}`;
  return '';
}

/**
 * Access control by client credentials (issue 6): blocked clients first, then the credentials
 * that match the client (password checked through the cache), then anonymous access; topics by
 * the matched credentials' rules, or the anonymous-access rules, as they are at each PUBLISH and
 * SUBSCRIBE: a connection's decisions are kept per topic only until either changes (rulesRevision),
 * so that edits apply at once.
 */
export class CredentialsAccessControl implements AccessControl {
  readonly enhancedAuthentication = true;

  acceptsOutOfDateCertificates(): boolean {
    return this.providers.x509().skipValidityCheckForClientCert === true;
  }

  constructor(
    private readonly catalog: CredentialsCatalog,
    private readonly passwords: PasswordCheckCache,
    private readonly anonymous: AnonymousAccess,
    private readonly blocked: BlockedClientService,
    private readonly providers: ProviderSettings,
    private readonly guessing?: PasswordGuessingGuard,
  ) {}

  /** A hash of nothing anyone knows, compared when no credentials match: refusing takes as long either way. */
  private readonly unknownIdentityHash = bcrypt.hashSync(randomBytes(16).toString('base64'), BCRYPT_ROUNDS);

  /**
   * The CONNECT decision: blocked clients first, then the enabled providers in the operator's order
   * (the first that lets the client in decides; one that does not hands on to the next), then
   * anonymous access for a client no provider recognised. Without checkPassword (the simulator, no
   * password given) passwords and tokens are not judged.
   */
  async decideConnect(identity: ClientIdentity, password: string | undefined, checkPassword: boolean, enhanced?: EnhancedAuthentication): Promise<ConnectDecision> {
    const blocked = this.blockedDecision(identity);
    if (blocked) return blocked;
    const guessing = checkPassword ? this.guessing : undefined;
    // A SCRAM client's proof is of the username its exchange names: failures count against that one.
    const guessedName = enhanced ? (scramUserNameOf(enhanced.data) ?? identity.username) : identity.username;
    if (guessing && !(await guessing.begin(guessedName, identity.address))) {
      return { admitted: false, reason: TOO_MANY_FAILURES, returnCode: 5, passwordChecked: false };
    }
    const outcome: ChainOutcome = { failures: [], recognised: undefined, matched: undefined };
    try {
      // A client that asked for enhanced authentication is judged by it alone: no provider in the order, no anonymous access.
      if (enhanced) return await this.decideEnhanced(enhanced, outcome);
      for (const provider of this.providers.order()) {
        const decision = await this.askProvider(provider, identity, password, checkPassword, outcome);
        if (decision) return decision;
      }
      if (outcome.recognised === undefined) {
        if (this.anonymous.allowed()) return { admitted: true, credentials: undefined, passwordChecked: false };
        // Refusing an unknown client takes as long as refusing a wrong password.
        if (checkPassword && password !== undefined) outcome.matched = await this.passwords.check('', this.unknownIdentityHash, password).then(() => false);
      }
      const reason = outcome.failures.length > 0 ? outcome.failures.join(' | ') : 'No client credentials match and anonymous access is off';
      const returnCode = outcome.failures.length > 0 || identity.username !== undefined ? 4 : 5;
      const checked = outcome.recognised === 'credentials' ? { credentials: outcome.credentials } : {};
      return { admitted: false, reason, returnCode, passwordChecked: outcome.matched === false, ...checked };
    } finally {
      guessing?.end(guessedName, identity.address, outcome.matched);
    }
  }

  private blockedDecision(identity: ClientIdentity): ConnectDecision | undefined {
    const blockedClient = this.blocked.blocking(identity);
    return blockedClient && { admitted: false, reason: `Blocked: ${blockedClient.type} "${blockedClient.value}"`, returnCode: 5, passwordChecked: false, blockedClient };
  }

  /** The access simulator's MQTT 5 client asking for SCRAM: blocked clients first, then what the exchange would decide. */
  decideSimulatedScram(identity: ClientIdentity, method: string, password: string | undefined): ConnectDecision {
    const blocked = this.blockedDecision(identity);
    if (blocked) return blocked;
    const decision = simulateScram(method, this.providers.scramEnabled(), (userName) => this.catalog.scramWithUserName(userName), identity.username, password);
    if (decision.admitted) return { admitted: true, credentials: decision.credentials, passwordChecked: decision.passwordChecked, provider: 'SCRAM' };
    return { admitted: false, reason: decision.reason, returnCode: 5, reasonCode: decision.reasonCode, passwordChecked: decision.proofChecked };
  }

  /** SCRAM over MQTT 5 AUTH packets: the exchange proves the password of the credentials named by its username. */
  private async decideEnhanced(enhanced: EnhancedAuthentication, outcome: ChainOutcome): Promise<ConnectDecision> {
    const decision = await authenticateWithScram(enhanced, this.providers.scramEnabled(), (userName) => this.catalog.scramWithUserName(userName));
    if (decision.admitted) {
      outcome.matched = true;
      return { admitted: true, credentials: decision.credentials, passwordChecked: true, provider: 'SCRAM', authenticationData: decision.serverFinal };
    }
    if (decision.proofChecked) outcome.matched = false;
    return { admitted: false, reason: decision.reason, returnCode: 5, reasonCode: decision.reasonCode, passwordChecked: decision.proofChecked };
  }

  /** One provider's say: a decision when it lets the client in or must refuse it, undefined to ask the next. */
  private async askProvider(provider: string, identity: ClientIdentity, password: string | undefined, checkPassword: boolean, outcome: ChainOutcome): Promise<ConnectDecision | undefined> {
    if (provider === 'X_509') {
      const credentials = this.catalog.x509For(identity);
      if (credentials) return { admitted: true, credentials, passwordChecked: false, provider };
      if (identity.tlsUsed && identity.certificateCommonName === undefined && this.providers.x509().clientAuthType === 'CLIENT_AUTH_REQUIRED') {
        return { admitted: false, reason: 'X.509: the client presented no certificate the CA verified, and one is required', returnCode: 5, passwordChecked: false };
      }
      return undefined;
    }
    if (provider === 'MQTT_BASIC') {
      const candidates = this.catalog.basicCandidates(identity, this.providers.basicStrategy());
      if (candidates.length === 0) return undefined;
      outcome.recognised = 'credentials';
      outcome.credentials = candidates[0];
      for (const credentials of candidates) {
        const passwordHash = credentials.credentialsType === 'MQTT_BASIC' ? credentials.passwordHash : null;
        if (passwordHash === null || !checkPassword) return { admitted: true, credentials, passwordChecked: false, provider };
        // bcrypt reads 72 bytes: a longer password (a token, say) is none that was ever stored.
        if (password !== undefined && Buffer.byteLength(password, 'utf8') <= 72 && (await this.passwords.check(credentials.id, passwordHash, password))) {
          outcome.matched = true;
          return { admitted: true, credentials, passwordChecked: true, provider };
        }
      }
      outcome.matched = false;
      outcome.failures.push(BAD_CREDENTIALS);
      return undefined;
    }
    if (provider === 'JWT') {
      const verifier = this.providers.jwt();
      if (!verifier || password === undefined || !checkPassword) return undefined;
      const decision = await verifier.verify(password, { clientId: identity.clientId, username: identity.username });
      if (decision.status === 'SUCCESS') {
        outcome.matched = true;
        const grant: ProviderGrant = { provider, clientType: decision.clientType, authRules: decision.authRules, ...(decision.expiresAt !== undefined ? { expiresAt: decision.expiresAt } : {}) };
        return { admitted: true, credentials: undefined, passwordChecked: true, provider, grant };
      }
      // A password that is a token at all (three dot-separated parts) was meant for this provider.
      if (password.split('.').length === 3) {
        outcome.recognised ??= 'token';
        outcome.matched = false;
      }
      outcome.failures.push(`JWT: ${decision.reason}`);
      return undefined;
    }
    if (provider === 'HTTP') {
      const service = this.providers.http();
      if (!service || !checkPassword) return undefined;
      const decision = await service.decide({ clientId: identity.clientId, username: identity.username, password, commonName: identity.certificateCommonName });
      if (decision.status === 'SUCCESS') {
        if (password !== undefined) outcome.matched = true;
        return { admitted: true, credentials: undefined, passwordChecked: password !== undefined, provider, grant: { provider, clientType: decision.clientType, authRules: decision.authRules } };
      }
      if (decision.status === 'FAILURE') {
        // The service's no ends the question: no other provider, no anonymous access.
        if (password !== undefined) outcome.matched = false;
        return { admitted: false, reason: `HTTP: ${decision.reason}`, returnCode: password !== undefined || identity.username !== undefined ? 4 : 5, passwordChecked: password !== undefined };
      }
      outcome.failures.push(`HTTP: ${decision.reason}`);
      return undefined;
    }
    return undefined;
  }

  async authenticate(attempt: ConnectAttempt): Promise<AuthenticationResult> {
    const decision = await this.decideConnect(attempt, attempt.password?.toString('utf8'), true, attempt.enhanced);
    if (!decision.admitted) return { allowed: false, reason: decision.reason, returnCode: decision.returnCode, ...(decision.reasonCode !== undefined ? { reasonCode: decision.reasonCode } : {}) };
    const { credentials, grant, provider, authenticationData } = decision;
    if (authenticationData && credentials) return { allowed: true, clientType: credentials.clientType, credentialsId: credentials.id, secretStamp: secretStampOf(credentials), provider, authenticationData };
    if (grant) return { allowed: true, clientType: grant.clientType, provider, authRules: grant.authRules, ...(grant.expiresAt !== undefined ? { expiresAt: grant.expiresAt } : {}) };
    if (!credentials) return { allowed: true, clientType: 'DEVICE' };
    return { allowed: true, clientType: credentials.clientType, credentialsId: credentials.id, secretStamp: secretStampOf(credentials), provider };
  }

  /**
   * The pattern that allows the topic (or topic filter) under the credentials that let the client
   * in, as they are now; for a client let in anonymously, under the anonymous-access rules.
   */
  allowingPattern(client: AdmittedClient, list: RuleList, topic: string): string | undefined {
    const rules = this.rulesOf(client);
    if (!rules) return undefined;
    const text = list === 'subAuthRulePatterns' ? ruledTopicFilter(topic) : topic;
    return allowingPatternOf(rules[list], text);
  }

  /** undefined when the credentials that let the client in are gone. */
  private rulesOf({ admission, identity }: AdmittedClient): AuthRules | undefined {
    if (admission.authRules) return admission.authRules;
    if (admission.credentialsId === undefined) return this.anonymous.rules();
    const credentials = this.catalog.get(admission.credentialsId);
    return credentials && rulesFor(credentials, identity);
  }

  /**
   * Topic decisions depend on the credentials (their rules, X.509 mappings, whether they still
   * exist) and on the anonymous-access rules: both count their edits, and neither count goes
   * down, so the sum changes with every edit of either.
   */
  rulesRevision(): number {
    return this.catalog.revision + this.anonymous.revision;
  }

  mayPublish(client: AdmittedClient, topic: string): boolean {
    return this.allowingPattern(client, 'pubAuthRulePatterns', topic) !== undefined;
  }

  maySubscribe(client: AdmittedClient, topicFilter: string): boolean {
    return this.allowingPattern(client, 'subAuthRulePatterns', topicFilter) !== undefined;
  }

  /**
   * A connected client stays while it is not blocked and the credentials that let it in still
   * exist, still match it and have the same password; an anonymous one while anonymous access is
   * on and no credentials have since been made for it; one a token let in until the token runs
   * out (installAccessControl closes it then).
   */
  stillAdmitted(client: AdmittedClient): boolean {
    const { identity, admission } = client;
    if (this.blocked.blocking(identity)) return false;
    if (admission.authRules) return admission.expiresAt === undefined || admission.expiresAt > Date.now();
    if (admission.credentialsId === undefined) return this.anonymous.allowed() && this.catalog.find(identity) === undefined;
    const credentials = this.catalog.get(admission.credentialsId);
    return credentials !== undefined && credentialsMatch(credentials, identity) && secretStampOf(credentials) === admission.secretStamp;
  }
}
