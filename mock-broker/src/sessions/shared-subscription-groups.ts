import { toPage, type Page, type PageLink } from '../http/page.js';
import type { ClientType, SessionRegistry } from '../mqtt/sessions/session-registry.js';
import type { SharedSubscriptions } from '../mqtt/shared-subscriptions.js';
import { selectPage } from '../lists/page-selection.js';
import { containsIgnoringCase } from '../lists/text-match.js';

/** openapi.yaml SharedSubscriptionGroup (BROKER-API.md "Shared subscription group"). */
export interface SharedSubscriptionGroupInfo {
  shareName: string;
  topicFilter: string;
  clients: { clientId: string; clientType: ClientType; connected: boolean }[];
}

export interface SharedGroupPageQuery extends PageLink {
  textSearch?: string;
  shareNameSearch?: string;
  clientIdSearch?: string;
  sortProperty?: 'shareName' | 'topicFilter';
  sortOrder?: 'ASC' | 'DESC';
}

function compareBy(property: 'shareName' | 'topicFilter', sortOrder: 'ASC' | 'DESC') {
  const direction = sortOrder === 'ASC' ? 1 : -1;
  const other = property === 'shareName' ? 'topicFilter' : 'shareName';
  return (a: SharedSubscriptionGroupInfo, b: SharedSubscriptionGroupInfo): number => {
    if (a[property] !== b[property]) return (a[property] < b[property] ? -1 : 1) * direction;
    if (a[other] === b[other]) return 0;
    return (a[other] < b[other] ? -1 : 1) * direction;
  };
}

/** The shared subscriptions → groups page: each group with its members and their client types. */
export function sharedGroupPage(groups: SharedSubscriptions, sessions: SessionRegistry, query: SharedGroupPageQuery): Page<SharedSubscriptionGroupInfo> {
  const topic = containsIgnoringCase(query.textSearch);
  const shareName = containsIgnoringCase(query.shareNameSearch);
  const member = containsIgnoringCase(query.clientIdSearch);
  const matching = groups
    .list()
    .filter((group) => (!topic || topic(group.topicFilter)) && (!shareName || shareName(group.shareName)))
    .filter((group) => !member || group.members.some(({ clientId }) => member(clientId)))
    .map((group) => ({
      shareName: group.shareName,
      topicFilter: group.topicFilter,
      clients: group.members.map(({ clientId, connected }) => ({ clientId, connected, clientType: sessions.get(clientId)?.clientType ?? 'DEVICE' })),
    }));
  const order = compareBy(query.sortProperty ?? 'shareName', query.sortOrder ?? 'ASC');
  return toPage(selectPage(matching, order, query.page * query.pageSize, query.pageSize), matching.length, query);
}
