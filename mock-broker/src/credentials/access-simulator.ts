import { viewOf as blockedViewOf, type BlockedClientView } from '../blocked-clients/blocked-client.js';
import type { ClientType } from '../mqtt/session-registry.js';
import type { CredentialsType } from './client-credentials.js';
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
  const decision = await access.decideConnect(identity, password, password !== undefined);
  const credentials = decision.credentials;
  const about = credentials
    ? { credentialsId: credentials.id, credentialsName: credentials.name, credentialsType: credentials.credentialsType, clientType: credentials.clientType }
    : {};
  if (!decision.admitted) {
    const blocked = decision.blockedClient ? { blockedClient: blockedViewOf(decision.blockedClient) } : {};
    return { allowed: false, stage: 'CONNECT', reason: decision.reason, passwordChecked: decision.passwordChecked, ...about, ...blocked };
  }
  const ruleList: RuleList = request.action === 'PUBLISH' ? 'pubAuthRulePatterns' : 'subAuthRulePatterns';
  const admission = credentials ? { clientType: credentials.clientType, credentialsId: credentials.id } : { clientType: 'DEVICE' as const };
  const rulePattern = access.allowingPattern({ identity, admission }, ruleList, request.topic);
  const reason = !credentials
    ? 'No client credentials match; anonymous access is on and allows every topic'
    : rulePattern !== undefined
      ? `${ruleList} pattern "${rulePattern}" of "${credentials.name}" allows it`
      : `No ${ruleList} pattern of "${credentials.name}" matches`;
  return {
    allowed: rulePattern !== undefined,
    stage: 'AUTHORIZATION',
    reason,
    passwordChecked: decision.passwordChecked,
    ...about,
    ...(credentials ? { ruleList } : {}),
    ...(credentials && rulePattern !== undefined ? { rulePattern } : {}),
  };
}
