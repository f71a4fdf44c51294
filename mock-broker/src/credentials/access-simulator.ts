import { viewOf as blockedViewOf, type BlockedClientView } from '../blocked-clients/blocked-client.js';
import type { ClientType } from '../mqtt/sessions/session-registry.js';
import type { ClientCredentials, CredentialsType } from './client-credentials.js';
import type { CredentialsAccessControl } from './credentials-access.js';
import type { RuleList } from './topic-rules.js';

export interface AccessSimulationRequest {
  clientId: string;
  username?: string | null;
  password?: string | null;
  certificateCn?: string | null;
  ipAddress?: string | null;
  topic: string;
  action: 'PUBLISH' | 'SUBSCRIBE';
  /** An MQTT 5 client authenticating with SCRAM-SHA-256 or SCRAM-SHA-512: username and password are its SCRAM ones. */
  authenticationMethod?: string | null;
}

export interface AccessSimulationResult {
  allowed: boolean;
  stage: 'CONNECT' | 'AUTHORIZATION';
  reason: string;
  passwordChecked: boolean;
  credentialsId?: string;
  credentialsName?: string;
  credentialsType?: CredentialsType;
  clientType?: ClientType;
  ruleList?: RuleList;
  rulePattern?: string;
  blockedClient?: BlockedClientView;
  /** The authentication provider that let the client in (MQTT_BASIC, X_509, JWT…); absent when anonymous access did or none did. */
  authProvider?: string;
}

/** Names the rules that decided: those of the matched credentials, or the anonymous-access rules. */
function authorizationReason(credentials: ClientCredentials | undefined, ruleList: RuleList, rulePattern: string | undefined): string {
  if (!credentials) {
    return rulePattern !== undefined
      ? `No client credentials match; anonymous access is on and its ${ruleList} pattern "${rulePattern}" allows it`
      : `No client credentials match; anonymous access is on but none of its ${ruleList} patterns matches`;
  }
  return rulePattern !== undefined ? `${ruleList} pattern "${rulePattern}" of "${credentials.name}" allows it` : `No ${ruleList} pattern of "${credentials.name}" matches`;
}

/** Names the rules a provider's own decision gave (a JWT's claims or its configured defaults). */
function grantReason(provider: string, ruleList: RuleList, rulePattern: string | undefined): string {
  return rulePattern !== undefined ? `The ${provider} provider let it in; its ${ruleList} pattern "${rulePattern}" allows it` : `The ${provider} provider let it in, but none of its ${ruleList} patterns matches`;
}

/**
 * Answers "would this client get in, and may it use this topic?" with the broker's own
 * decisions (no peer console has this), naming the credentials and the rule that decided.
 */
export async function simulateAccess(access: CredentialsAccessControl, request: AccessSimulationRequest): Promise<AccessSimulationResult> {
  const identity = {
    clientId: request.clientId,
    username: request.username ?? undefined,
    certificateCommonName: request.certificateCn ?? undefined,
    address: request.ipAddress ?? '',
    tlsUsed: request.certificateCn != null,
  };
  const password = request.password ?? undefined;
  const method = request.authenticationMethod ?? undefined;
  const decision = method === undefined ? await access.decideConnect(identity, password, password !== undefined) : access.decideSimulatedScram(identity, method, password);
  const credentials = decision.credentials;
  const about = credentials
    ? { credentialsId: credentials.id, credentialsName: credentials.name, credentialsType: credentials.credentialsType, clientType: credentials.clientType }
    : {};
  if (!decision.admitted) {
    const blocked = decision.blockedClient ? { blockedClient: blockedViewOf(decision.blockedClient) } : {};
    return { allowed: false, stage: 'CONNECT', reason: decision.reason, passwordChecked: decision.passwordChecked, ...about, ...blocked };
  }
  const ruleList: RuleList = request.action === 'PUBLISH' ? 'pubAuthRulePatterns' : 'subAuthRulePatterns';
  const { grant, provider } = decision;
  const admission = grant
    ? { clientType: grant.clientType, provider, authRules: grant.authRules }
    : credentials
      ? { clientType: credentials.clientType, credentialsId: credentials.id }
      : { clientType: 'DEVICE' as const };
  const rulePattern = access.allowingPattern({ identity, admission }, ruleList, request.topic);
  return {
    allowed: rulePattern !== undefined,
    stage: 'AUTHORIZATION',
    reason: grant ? grantReason(grant.provider, ruleList, rulePattern) : authorizationReason(credentials, ruleList, rulePattern),
    passwordChecked: decision.passwordChecked,
    ...about,
    ...(grant ? { clientType: grant.clientType } : {}),
    ...(provider !== undefined ? { authProvider: provider } : {}),
    ruleList,
    ...(rulePattern !== undefined ? { rulePattern } : {}),
  };
}
