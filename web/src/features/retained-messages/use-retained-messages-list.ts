import { keepPreviousData } from '@tanstack/react-query';
import { getGetRetainedMessagesQueryKey, useGetRetainedMessages } from '../../api/generated/endpoints/retained-message/retained-message';
import { retainedFilterParams } from './retained-filter';
import type { RetainedMessagesUrl } from './use-retained-messages-url';

/** The list follows the broker without a reload; polls neither show the loading bar nor stack up. */
export const RETAINED_REFRESH_MS = 10_000;
export const POLLING = { refetchInterval: RETAINED_REFRESH_MS, placeholderData: keepPreviousData } as const;
export const QUIET = { ignoreLoading: true } as const;

/** The page of retained messages the URL asks for. */
export function useRetainedMessagesList({ filter, pageLink }: Pick<RetainedMessagesUrl, 'filter' | 'pageLink'>, enabled = true) {
  const params = {
    pageSize: pageLink.pageSize,
    page: pageLink.page,
    sortProperty: pageLink.sort.property,
    sortOrder: pageLink.sort.order,
    ...retainedFilterParams(filter),
  };
  return useGetRetainedMessages(params, { query: { queryKey: getGetRetainedMessagesQueryKey(params), enabled, ...POLLING }, request: QUIET });
}
