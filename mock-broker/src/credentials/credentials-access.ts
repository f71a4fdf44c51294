import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { BlockedClient } from '../blocked-clients/blocked-client.js';
import type { BlockedClientService } from '../blocked-clients/blocked-client-service.js';
import type { AccessControl, AdmittedClient, AuthenticationResult, ClientIdentity, ConnectAttempt } from '../mqtt/access-control.js';
import type { AnonymousAccess } from './anonymous-access.js';
import type { AuthRules, ClientCredentials } from './client-credentials.js';
import { credentialsMatch, rulesFor, type CredentialsCatalog } from './credentials-catalog.js';
import { BCRYPT_ROUNDS } from '../users/user-service.js';
import type { PasswordCheckCache } from './password-check-cache.js';
import type { PasswordGuessingGuard } from './password-guessing.js';
import { allowingPatternOf, ruledTopicFilter, type RuleList } from './topic-rules.js';

export type ConnectDecision =
  | { admitted: true; credentials: ClientCredentials | undefined; passwordChecked: boolean }
  | { admitted: false; reason: string; returnCode: 4 | 5; passwordChecked: boolean; credentials?: ClientCredentials; blockedClient?: BlockedClient };

export const BAD_CREDENTIALS = 'Bad username or password';
export const TOO_MANY_FAILURES = 'Too many failed passwords for this username or from this address: try again later';

/** The secret checked at CONNECT, so that a connected client is dropped when it changes. */
const secretStampOf = (credentials: ClientCredentials) => (credentials.credentialsType === 'MQTT_BASIC' ? (credentials.passwordHash ?? '') : '');

/**
 * Access control by client credentials (issue 6): blocked clients first, then the credentials
 * that match the client (password checked through the cache), then anonymous access; topics by
 * the matched credentials' rules, or the anonymous-access rules, read at every PUBLISH and
 * SUBSCRIBE so that edits apply at once.
 */
export class CredentialsAccessControl implements AccessControl {
  constructor(
    private readonly catalog: CredentialsCatalog,
    private readonly passwords: PasswordCheckCache,
    private readonly anonymous: AnonymousAccess,
    private readonly blocked: BlockedClientService,
    private readonly guessing?: PasswordGuessingGuard,
  ) {}

  /** A hash of nothing anyone knows, compared when no credentials match: refusing takes as long either way. */
  private readonly unknownIdentityHash = bcrypt.hashSync(randomBytes(16).toString('base64'), BCRYPT_ROUNDS);

  /** The CONNECT decision; without checkPassword (the simulator, no password given) the password is not judged. */
  async decideConnect(identity: ClientIdentity, password: string | undefined, checkPassword: boolean): Promise<ConnectDecision> {
    const blockedClient = this.blocked.blocking(identity);
    if (blockedClient) {
      return { admitted: false, reason: `Blocked: ${blockedClient.type} "${blockedClient.value}"`, returnCode: 5, passwordChecked: false, blockedClient };
    }
    const guessing = checkPassword ? this.guessing : undefined;
    if (guessing && !(await guessing.begin(identity.username, identity.address))) {
      return { admitted: false, reason: TOO_MANY_FAILURES, returnCode: 5, passwordChecked: false };
    }
    let matched: boolean | undefined;
    try {
      const credentials = this.catalog.find(identity);
      if (!credentials) {
        if (this.anonymous.allowed()) return { admitted: true, credentials: undefined, passwordChecked: false };
        if (checkPassword && password !== undefined) matched = await this.passwords.check('', this.unknownIdentityHash, password).then(() => false);
        const reason = 'No client credentials match and anonymous access is off';
        return { admitted: false, reason, returnCode: identity.username === undefined ? 5 : 4, passwordChecked: false };
      }
      const passwordHash = credentials.credentialsType === 'MQTT_BASIC' ? credentials.passwordHash : null;
      if (passwordHash === null || !checkPassword) return { admitted: true, credentials, passwordChecked: false };
      matched = password !== undefined && (await this.passwords.check(credentials.id, passwordHash, password));
      return matched
        ? { admitted: true, credentials, passwordChecked: true }
        : { admitted: false, reason: BAD_CREDENTIALS, returnCode: 4, passwordChecked: true, credentials };
    } finally {
      guessing?.end(identity.username, identity.address, matched);
    }
  }

  async authenticate(attempt: ConnectAttempt): Promise<AuthenticationResult> {
    const decision = await this.decideConnect(attempt, attempt.password?.toString('utf8'), true);
    if (!decision.admitted) return { allowed: false, reason: decision.reason, returnCode: decision.returnCode };
    const { credentials } = decision;
    if (!credentials) return { allowed: true, clientType: 'DEVICE' };
    return { allowed: true, clientType: credentials.clientType, credentialsId: credentials.id, secretStamp: secretStampOf(credentials) };
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
    if (admission.credentialsId === undefined) return this.anonymous.rules();
    const credentials = this.catalog.get(admission.credentialsId);
    return credentials && rulesFor(credentials, identity);
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
   * on and no credentials have since been made for it.
   */
  stillAdmitted(client: AdmittedClient): boolean {
    const { identity, admission } = client;
    if (this.blocked.blocking(identity)) return false;
    if (admission.credentialsId === undefined) return this.anonymous.allowed() && this.catalog.find(identity) === undefined;
    const credentials = this.catalog.get(admission.credentialsId);
    return credentials !== undefined && credentialsMatch(credentials, identity) && secretStampOf(credentials) === admission.secretStamp;
  }
}
