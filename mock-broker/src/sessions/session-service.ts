import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import type { ClientEvent, ClientEventLog, ClientEventQuery } from '../mqtt/client-event-log.js';
import type { MqttBroker } from '../mqtt/mqtt-broker.js';
import { disconnectClients, removeSession } from '../mqtt/sessions/session-control.js';
import type { SessionRecord, SessionRegistry } from '../mqtt/sessions/session-registry.js';
import { ClientIdSearch } from './client-id-search.js';
import { sessionMarks, type SessionFacts, type SessionFilterParameters } from './session-filter.js';
import { SessionOrders, type SessionSortProperty } from './session-order.js';
import { sessionAdvancedDetails, sessionDetails, sessionInfo, type ClientSessionAdvancedDetails, type ClientSessionDetails, type ClientSessionInfo } from './session-views.js';

export interface SessionPageQuery extends SessionFilterParameters, PageLink {
  sortProperty?: SessionSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

export interface BulkResult {
  matchedCount: number;
  affectedCount: number;
}

export interface SessionStats {
  connectedCount: number;
  disconnectedCount: number;
  totalCount: number;
}

/**
 * The sessions page (issue 7): finds sessions among all of this node's, describes one, and
 * disconnects or removes them one by one, by selection or by filter. The registry is the
 * repository: it keeps every session in memory (and persistent ones in SQLite); a filtered, sorted
 * page is one walk through a kept order of the sessions (session-order.ts).
 */
export class SessionService {
  private readonly facts: SessionFacts;
  private readonly orders: SessionOrders;
  private readonly search: ClientIdSearch;

  constructor(
    private readonly broker: MqttBroker,
    private readonly sessions: SessionRegistry,
    private readonly events: ClientEventLog,
  ) {
    this.facts = {
      queuedMessages: (clientId) => broker.persistence.sessions.queuedCount(clientId),
      clientsWithQueuedMessages: () => broker.persistence.sessions.clientsWithQueuedMessages(),
    };
    this.orders = new SessionOrders(sessions, this.facts);
    this.search = new ClientIdSearch(sessions);
  }

  /** One walk through the sessions in the asked order: counts every match, keeps the page's. */
  page(query: SessionPageQuery): Page<ClientSessionInfo> {
    const marks = sessionMarks(query, this.facts, this.sessions.table, this.search);
    const ordered = this.orders.ascending(query.sortProperty ?? 'connectedAt');
    const last = ordered.length - 1;
    const descending = (query.sortOrder ?? 'DESC') === 'DESC';
    const first = query.page * query.pageSize;
    const pageSlots: number[] = [];
    let totalElements = ordered.length;
    if (marks === undefined) {
      for (let index = first; index < Math.min(ordered.length, first + query.pageSize); index += 1) pageSlots.push(ordered[descending ? last - index : index] ?? 0);
    } else {
      // Counted in slot order (a sequential pass); only the page needs the sort order.
      totalElements = 0;
      for (let slot = 0; slot < marks.length; slot += 1) totalElements += marks[slot] ?? 0;
      // The page's sessions: a walk that stops once the page is full or no match is left.
      for (let index = 0, matched = 0; index < ordered.length && pageSlots.length < query.pageSize && matched < totalElements; index += 1) {
        const slot = ordered[descending ? last - index : index] ?? 0;
        if (marks[slot] !== 1) continue;
        if (matched >= first) pageSlots.push(slot);
        matched += 1;
      }
    }
    const { table } = this.sessions;
    const rows = pageSlots.map((slot) => sessionInfo(this.sessions.recordAt(slot), this.broker, table.subscriptionsCount[slot]));
    return toPage(rows, totalElements, query);
  }

  details(clientId: string): ClientSessionDetails {
    return sessionDetails(this.find(clientId), this.broker);
  }

  /** An unknown client is no error here: TBMQ answers it with every field Unknown. */
  advancedDetails(clientId: string): ClientSessionAdvancedDetails {
    return sessionAdvancedDetails(this.sessions.get(clientId));
  }

  stats(): SessionStats {
    const { connected, disconnected, total } = this.sessions.counts();
    return { connectedCount: connected, disconnectedCount: disconnected, totalCount: total };
  }

  async disconnect(clientId: string, sessionId?: string): Promise<void> {
    const session = this.find(clientId, sessionId);
    if (session.connectionState !== 'CONNECTED' || (await disconnectClients(this.broker, [clientId])) === 0) {
      throw ApiError.conflict(`query.clientId: client ${clientId} is not connected`);
    }
  }

  remove(clientId: string, sessionId?: string): void {
    this.find(clientId, sessionId);
    if (removeSession(this.broker, this.sessions, clientId) === 'CONNECTED') {
      throw ApiError.conflict(`query.clientId: client ${clientId} is connected; disconnect it before removing its session`);
    }
  }

  disconnectListed(clientIds: string[]): Promise<BulkResult> {
    return this.disconnectAll(this.known(clientIds));
  }

  removeListed(clientIds: string[]): BulkResult {
    return this.removeAll(this.known(clientIds));
  }

  disconnectMatching(filter: SessionFilterParameters): Promise<BulkResult> {
    return this.disconnectAll(this.matching(filter));
  }

  removeMatching(filter: SessionFilterParameters): BulkResult {
    return this.removeAll(this.matching(filter));
  }

  eventPage(query: ClientEventQuery & PageLink): Page<ClientEvent> {
    const { data, totalElements } = this.events.page(query);
    return toPage(data, totalElements, query);
  }

  private matching(filter: SessionFilterParameters): SessionRecord[] {
    const marks = sessionMarks(filter, this.facts, this.sessions.table, this.search);
    const ordered = this.orders.ascending('clientId');
    return [...(marks ? ordered.filter((slot) => marks[slot] === 1) : ordered)].map((slot) => this.sessions.recordAt(slot));
  }

  private known(clientIds: string[]): SessionRecord[] {
    const found = new Map<string, SessionRecord>();
    for (const clientId of clientIds) {
      const session = this.sessions.get(clientId);
      if (session) found.set(clientId, session);
    }
    return [...found.values()];
  }

  private async disconnectAll(sessions: SessionRecord[]): Promise<BulkResult> {
    const connected = sessions.filter((session) => session.connectionState === 'CONNECTED').map((session) => session.clientId);
    return { matchedCount: sessions.length, affectedCount: await disconnectClients(this.broker, connected) };
  }

  private removeAll(sessions: SessionRecord[]): BulkResult {
    let affectedCount = 0;
    for (const session of sessions) {
      if (session.connectionState === 'DISCONNECTED' && removeSession(this.broker, this.sessions, session.clientId) === 'REMOVED') affectedCount += 1;
    }
    return { matchedCount: sessions.length, affectedCount };
  }

  private find(clientId: string, sessionId?: string): SessionRecord {
    const session = this.sessions.get(clientId);
    if (!session || (sessionId !== undefined && session.sessionId !== sessionId)) {
      throw ApiError.notFound(sessionId === undefined ? `Session of client ${clientId} is not found` : `Session ${sessionId} of client ${clientId} is not found`);
    }
    return session;
  }
}
