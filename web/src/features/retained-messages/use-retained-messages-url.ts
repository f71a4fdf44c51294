import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { RetainedMessageSortProperty } from '../../api/generated/model/retainedMessageSortProperty';
import {
  type RetainedFilter,
  type RetainedPageLink,
  retainedFilterFromSearch,
  retainedPageLinkFromSearch,
  withRetainedFilter,
  withRetainedPageLink,
} from './retained-filter';

/** The URL parameter naming the retained message whose details are open, so that they can be linked to. */
export const OPEN_MESSAGE_PARAM = 'topic';
/** The URL parameter choosing the tree view instead of the list. */
export const VIEW_PARAM = 'view';

export type RetainedView = 'list' | 'tree';

/** The retained messages page's state that belongs in the URL: filter, page link, view and the open message. */
export function useRetainedMessagesUrl() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => retainedFilterFromSearch(search), [search]);
  const pageLink = useMemo(() => retainedPageLinkFromSearch(search), [search]);
  const setPageLink = (change: (link: RetainedPageLink) => RetainedPageLink) =>
    setSearch((current) => withRetainedPageLink(current, change(retainedPageLinkFromSearch(current))));
  const setParam = (name: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  return {
    filter,
    pageLink,
    view: (search.get(VIEW_PARAM) === 'tree' ? 'tree' : 'list') as RetainedView,
    openTopic: search.get(OPEN_MESSAGE_PARAM),
    /** Each applied filter is a step back in the browser's history; the search boxes replace their own. */
    setFilter: (next: RetainedFilter, { replace = false } = {}) => setSearch((current) => withRetainedFilter(current, next), { replace }),
    setPage: (page: number) => setPageLink((link) => ({ ...link, page })),
    setPageSize: (pageSize: number) => setPageLink((link) => ({ ...link, page: 0, pageSize })),
    /** A click on the sorted column turns the order round; another column sorts ascending. */
    toggleSort: (property: RetainedMessageSortProperty) =>
      setPageLink((link) => ({ ...link, page: 0, sort: { property, order: link.sort.property === property && link.sort.order === 'ASC' ? 'DESC' : 'ASC' } })),
    setView: (view: RetainedView) => setParam(VIEW_PARAM, view === 'tree' ? 'tree' : null),
    /** The list view with this filter, in one step (the tree's "show the branch's messages"). */
    showInList: (next: RetainedFilter) =>
      setSearch((current) => {
        const search = withRetainedFilter(current, next);
        search.delete(VIEW_PARAM);
        return search;
      }),
    openMessage: (topic: string | null) => setParam(OPEN_MESSAGE_PARAM, topic),
  };
}

export type RetainedMessagesUrl = ReturnType<typeof useRetainedMessagesUrl>;
