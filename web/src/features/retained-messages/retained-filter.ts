import type { DeleteFilteredRetainedMessagesParams } from '../../api/generated/model/deleteFilteredRetainedMessagesParams';
import type { RetainedMessageSortProperty } from '../../api/generated/model/retainedMessageSortProperty';
import type { RetainedQosListParameterItem } from '../../api/generated/model/retainedQosListParameterItem';
import { isSharedTopicFilter, isValidTopicFilter } from '../../components/mqtt/topic-filter';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortState } from '../../components/table/use-page-link';

// The retained messages list's state lives in the URL under the API's own parameter names, so that
// a view can be shared: /retained-messages?topicFilter=sensors/%2B/temperature&qosList=1&page=2.

export const QOS_LEVELS = [0, 1, 2] as const satisfies readonly RetainedQosListParameterItem[];
export const RETAINED_SORT_PROPERTIES = [
  'topic',
  'qos',
  'payload',
  'payloadSize',
  'createdTime',
  'userPropertiesCount',
] as const satisfies readonly RetainedMessageSortProperty[];
/** The orders every broker of the family keeps; the others are Starling's own (openapi.yaml RetainedMessageSortProperty). */
export const PRODUCTION_SORT_PROPERTIES: readonly RetainedMessageSortProperty[] = ['topic', 'qos', 'createdTime'];
export const DEFAULT_RETAINED_SORT: SortState<RetainedMessageSortProperty> = { property: 'createdTime', order: 'DESC' };

export interface RetainedFilter {
  /** Part of the topic: the page's search box. */
  textSearch: string;
  /** An MQTT topic filter with + and #. */
  topicFilter: string;
  qosList: RetainedQosListParameterItem[];
  /** Text the payload contains. */
  payload: string;
  /** Range of the time a message was stored, epoch milliseconds. */
  startTime?: number;
  endTime?: number;
}

export type RetainedFilterParams = DeleteFilteredRetainedMessagesParams;

export interface RetainedPageLink {
  page: number;
  pageSize: number;
  sort: SortState<RetainedMessageSortProperty>;
}

export const EMPTY_RETAINED_FILTER: RetainedFilter = { textSearch: '', topicFilter: '', qosList: [], payload: '' };

const FILTER_KEYS = ['textSearch', 'topicFilter', 'qosList', 'payload', 'startTime', 'endTime'] as const;
const PAGE_KEYS = ['page', 'pageSize', 'sortProperty', 'sortOrder'] as const;

function wholeNumberOf(text: string | null): number | undefined {
  return text !== null && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Whether a topic filter can be searched for: one a subscriber could use (shared ones are not: retained messages never go to them). */
export function isSearchableTopicFilter(topicFilter: string): boolean {
  return isValidTopicFilter(topicFilter) && !isSharedTopicFilter(topicFilter);
}

export function retainedFilterFromSearch(search: URLSearchParams): RetainedFilter {
  const qosList = (search.get('qosList') ?? '')
    .split(',')
    .filter((text) => /^\d$/.test(text))
    .map(Number)
    .filter((qos): qos is RetainedQosListParameterItem => (QOS_LEVELS as readonly number[]).includes(qos));
  const topicFilter = search.get('topicFilter') ?? '';
  return {
    textSearch: search.get('textSearch') ?? '',
    // A hand-edited URL must not break the page: a filter no subscriber could use is dropped.
    topicFilter: topicFilter === '' || isSearchableTopicFilter(topicFilter) ? topicFilter : '',
    qosList: [...new Set(qosList)].sort(),
    payload: search.get('payload') ?? '',
    startTime: wholeNumberOf(search.get('startTime')),
    endTime: wholeNumberOf(search.get('endTime')),
  };
}

/** The filter as API parameters: empty parts left out. */
export function retainedFilterParams(filter: RetainedFilter): RetainedFilterParams {
  const params: RetainedFilterParams = {
    textSearch: filter.textSearch.trim() || undefined,
    topicFilter: filter.topicFilter || undefined,
    qosList: filter.qosList.length > 0 ? filter.qosList : undefined,
    payload: filter.payload.trim() || undefined,
    startTime: filter.startTime,
    endTime: filter.endTime,
  };
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as RetainedFilterParams;
}

export function retainedPageLinkFromSearch(search: URLSearchParams): RetainedPageLink {
  const pageSize = wholeNumberOf(search.get('pageSize'));
  const property = search.get('sortProperty');
  const order = search.get('sortOrder');
  const sortProperty = RETAINED_SORT_PROPERTIES.find((known) => known === property);
  return {
    page: wholeNumberOf(search.get('page')) ?? 0,
    pageSize: pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: sortProperty ? { property: sortProperty, order: order === 'ASC' ? 'ASC' : 'DESC' } : DEFAULT_RETAINED_SORT,
  };
}

/** Writes the filter into a URL's parameters, back at the first page, keeping what the filter does not own. */
export function withRetainedFilter(search: URLSearchParams, filter: RetainedFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of FILTER_KEYS) next.delete(key);
  next.delete('page');
  for (const [key, value] of Object.entries(retainedFilterParams(filter))) next.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return next;
}

/** Writes the page link into a URL's parameters, leaving out what is the default. */
export function withRetainedPageLink(search: URLSearchParams, link: RetainedPageLink): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of PAGE_KEYS) next.delete(key);
  if (link.page > 0) next.set('page', String(link.page));
  if (link.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(link.pageSize));
  if (link.sort.property !== DEFAULT_RETAINED_SORT.property || link.sort.order !== DEFAULT_RETAINED_SORT.order) {
    next.set('sortProperty', link.sort.property);
    next.set('sortOrder', link.sort.order);
  }
  return next;
}

/** How many parts of the filter panel are in use (the search box and the topic filter show themselves). */
export function activeFilterCount(filter: RetainedFilter): number {
  const { textSearch: _search, topicFilter: _topicFilter, ...params } = retainedFilterParams(filter);
  return Object.keys(params).length;
}

/** Whether anything narrows the list. */
export function isFiltered(filter: RetainedFilter): boolean {
  return Object.keys(retainedFilterParams(filter)).length > 0;
}

/** The topic filter that lists one branch of the retained tree: the branch's own topic and everything below it. */
export const branchTopicFilter = (branchTopic: string) => `${branchTopic}/#`;
