import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import { selectPage } from '../lists/page-selection.js';
import type { RetainedView, StoredRetainedMessage } from '../mqtt/persistence/retained-view.js';
import { matchingRetainedMessages, type RetainedFilterParameters } from './retained-message-filter.js';
import { retainedOrder, withSortKeys, type RetainedMessageSortProperty } from './retained-message-order.js';
import { retainedMessageDetails, retainedMessageInfo, type RetainedMessageDetails, type RetainedMessageInfo } from './retained-message-views.js';

export interface RetainedPageQuery extends RetainedFilterParameters, PageLink {
  sortProperty?: RetainedMessageSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

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
  constructor(private readonly retained: RetainedView) {}

  page(query: RetainedPageQuery): Page<RetainedMessageInfo> {
    const matching = withSortKeys(matchingRetainedMessages(this.retained, query), query.sortProperty ?? 'updatedTime');
    const order = retainedOrder(query.sortOrder ?? 'DESC');
    const rows = selectPage(matching, order, query.page * query.pageSize, query.pageSize).map(({ message }) => retainedMessageInfo(message));
    return toPage(rows, matching.length, query);
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
    // Collected first: deleting while the store's tree is being walked would skip entries.
    const topics = [...matchingRetainedMessages(this.retained, filter)].map((message) => message.packet.topic ?? '');
    return this.deleteAll(new Set(topics));
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
