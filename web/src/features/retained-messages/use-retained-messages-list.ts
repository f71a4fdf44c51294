import { keepPreviousData } from '@tanstack/react-query';
import { getGetRetainedMessagesQueryKey, useGetRetainedMessages } from '../../api/generated/endpoints/retained-message/retained-message';
import { useBrokerExtensions } from '../../components/broker-support/broker-extensions';
import { DEFAULT_RETAINED_SORT, PRODUCTION_SORT_PROPERTIES, retainedFilterParams } from './retained-filter';
import type { RetainedMessagesUrl } from './use-retained-messages-url';

/** The list follows the broker without a reload; polls neither show the loading bar nor stack up. */
export const RETAINED_REFRESH_MS = 10_000;
export const POLLING = { refetchInterval: RETAINED_REFRESH_MS, placeholderData: keepPreviousData } as const;
export const QUIET = { ignoreLoading: true } as const;

/**
 * What of the page this broker serves (openapi.yaml x-starling-extension): the tree, with the topic
 * filter and Starling's own sort orders, and bulk deletes. `known` is false until the broker said.
 */
export function useRetainedSupport() {
  const extension = useBrokerExtensions();
  const tree = extension('retainedTree');
  return { known: tree !== 'unknown', tree: tree === 'available', bulkDelete: extension('retainedBulkDelete') === 'available' };
}

/**
 * The page of retained messages the URL asks for. On a broker without Starling's tree the topic
 * filter and Starling's sort orders are left out (such a broker ignores them): it lists by
 * TBMQ's parameters alone.
 */
export function useRetainedMessagesList({ filter, pageLink }: Pick<RetainedMessagesUrl, 'filter' | 'pageLink'>, enabled = true) {
  const support = useRetainedSupport();
  const sort = support.tree || PRODUCTION_SORT_PROPERTIES.includes(pageLink.sort.property) ? pageLink.sort : DEFAULT_RETAINED_SORT;
  const { topicFilter, ...productionFilter } = retainedFilterParams(filter);
  const params = {
    pageSize: pageLink.pageSize,
    page: pageLink.page,
    sortProperty: sort.property,
    sortOrder: sort.order,
    ...(support.tree && topicFilter !== undefined ? { ...productionFilter, topicFilter } : productionFilter),
  };
  return useGetRetainedMessages(params, { query: { queryKey: getGetRetainedMessagesQueryKey(params), enabled: enabled && support.known, ...POLLING }, request: QUIET });
}
