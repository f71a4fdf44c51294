import type { BlockedClientStatus } from '../../../api/generated/model/blockedClientStatus';
import type { BlockedClientType } from '../../../api/generated/model/blockedClientType';
import type { RegexMatchTarget } from '../../../api/generated/model/regexMatchTarget';

export const blockedTypeLabels: Record<
  BlockedClientType,
  'blocked-client.type-client-id' | 'blocked-client.type-username' | 'blocked-client.type-ip-address' | 'blocked-client.type-regex'
> = {
  CLIENT_ID: 'blocked-client.type-client-id',
  USERNAME: 'blocked-client.type-username',
  IP_ADDRESS: 'blocked-client.type-ip-address',
  REGEX: 'blocked-client.type-regex',
};

export const regexTargetLabels: Record<RegexMatchTarget, 'blocked-client.by-client-id' | 'blocked-client.by-username' | 'blocked-client.by-ip-address'> = {
  BY_CLIENT_ID: 'blocked-client.by-client-id',
  BY_USERNAME: 'blocked-client.by-username',
  BY_IP_ADDRESS: 'blocked-client.by-ip-address',
};

export const blockedStatusLabels: Record<BlockedClientStatus, 'blocked-client.status-active' | 'blocked-client.status-expired' | 'blocked-client.status-deleting-soon'> = {
  ACTIVE: 'blocked-client.status-active',
  EXPIRED: 'blocked-client.status-expired',
  DELETING_SOON: 'blocked-client.status-deleting-soon',
};
