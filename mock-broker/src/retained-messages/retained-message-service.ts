import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import { selectPage } from '../lists/page-selection.js';
import type { RetainedView, StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';
import { inBranch, matchingRetainedRows, retainedMatcher, topicFilterOf, wholeBranchOf, type RetainedFilterParameters } from './retained-message-filter.js';
import { compareRows, RetainedOrders, rowOf, type RetainedMessageSortProperty, type RetainedRow } from './retained-orders.js';
import { retainedMessageDetails, retainedMessageInfo, type RetainedMessageDetails, type RetainedMessageInfo } from './retained-message-views.js';

export interface RetainedPageQuery extends RetainedFilterParameters, PageLink {
  sortProperty?: RetainedMessageSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

/** A topic filter matching under 1 in this many messages is answered without the kept order. */
const FEW_MATCHES_SHARE = 4;

export interface RetainedBulkResult {
  matchedCount: number;
  deletedCount: number;
}

/**
 * The retained messages page (issue 14): finds retained messages by topic, topic filter, QoS,
 * payload and time, reads one, and deletes one, a selection or everything a filter matches. The
 * broker's retained store is the repository; what is deleted here no SUBSCRIBE delivers again.
 */
export class RetainedMessageService {
  readonly #orders: RetainedOrders;

  constructor(private readonly retained: RetainedView) {
    this.#orders = new RetainedOrders(retained);
  }

  /**
   * A topic filter that matches few messages has them found in the topic tree and sorted on their
   * own; otherwise one walk through the kept order of the sort property counts every match and
   * keeps the page's.
   */
  page(query: RetainedPageQuery): Page<RetainedMessageInfo> {
    const now = Date.now();
    const property = query.sortProperty ?? 'createdTime';
    const descending = (query.sortOrder ?? 'DESC') === 'DESC';
    const matches = retainedMatcher(query, now);
    const topicFilter = topicFilterOf(query);
    const first = query.page * query.pageSize;
    let inTopicFilter: ((row: RetainedRow) => boolean) | undefined;
    if (topicFilter !== undefined) {
      const branch = wholeBranchOf(topicFilter);
      const found = branch === undefined || (branch !== null && this.isSmall(this.retained.countInBranch(branch))) ? this.retained.matching(topicFilter, now) : undefined;
      if (found && this.isSmall(found.length)) {
        const rows = found.map((message) => rowOf(message, property)).filter(matches);
        const compare = descending ? (a: RetainedRow, b: RetainedRow) => compareRows(b, a) : compareRows;
        return toPage(selectPage(rows, compare, first, query.pageSize).map((row) => retainedMessageInfo(row.message)), rows.length, query);
      }
      const members = found && new Set(found);
      inTopicFilter = members ? (row) => members.has(row.message) : inBranch(branch ?? null);
    }
    const ordered = this.#orders.ascending(property);
    const page: RetainedMessageInfo[] = [];
    let totalElements = 0;
    for (let index = 0; index < ordered.length; index += 1) {
      const row = ordered[descending ? ordered.length - 1 - index : index] as RetainedRow;
      if (!matches(row) || (inTopicFilter && !inTopicFilter(row))) continue;
      if (totalElements >= first && page.length < query.pageSize) page.push(retainedMessageInfo(row.message));
      totalElements += 1;
    }
    return toPage(page, totalElements, query);
  }

  details(topicName: string): RetainedMessageDetails {
    return retainedMessageDetails(this.find(topicName));
  }

  delete(topicName: string): void {
    this.find(topicName);
    this.retained.delete(topicName);
  }

  deleteListed(topicNames: string[]): RetainedBulkResult {
    return this.deleteAll(new Set(topicNames.filter((topic) => this.retained.get(topic) !== undefined)));
  }

  deleteMatching(filter: RetainedFilterParameters): RetainedBulkResult {
    const topics = matchingRetainedRows(this.retained, filter).map((row) => row.topic);
    return this.deleteAll(new Set(topics));
  }

  /** Few enough matches to sort on their own rather than walk a kept order of all messages. */
  private isSmall(matches: number): boolean {
    return matches * FEW_MATCHES_SHARE < this.retained.size;
  }

  private deleteAll(topics: Set<string>): RetainedBulkResult {
    let deletedCount = 0;
    for (const topic of topics) if (this.retained.delete(topic)) deletedCount += 1;
    return { matchedCount: topics.size, deletedCount };
  }

  private find(topicName: string): StoredRetainedMessage {
    const message = this.retained.get(topicName);
    if (!message) throw ApiError.notFound(`Retained message of topic ${topicName} is not found`);
    return message;
  }
}
