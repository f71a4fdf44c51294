import { useState } from 'react';
import type { SortOrder } from '../../api/generated/model/sortOrder';
import { useDebouncedValue } from './use-debounced-value';

// ARCHITECTURE.md "API conventions": lists take a page link (pageSize, 0-based page, textSearch,
// sortProperty, sortOrder). This hook keeps one for a list page.

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Typing in the search box asks the broker once the user pauses, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SortState<Property extends string> {
  property: Property;
  order: SortOrder;
}

export interface PageLinkParams<Property extends string> {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty: Property;
  sortOrder: SortOrder;
}

interface PagePosition {
  page: number;
  /** The search the page number belongs to: a new search starts again at the first page. */
  search: string;
  /** Likewise for the rest of the list's filter. */
  scope: string;
}

export interface PageLinkOptions {
  /** The search the list opens with, e.g. one taken from the URL. */
  initialSearchText?: string;
  /** The rest of the list's filter, as text: when it changes the list starts again at the first page. */
  scope?: string;
}

export function usePageLink<Property extends string>(initialSort: SortState<Property>, { initialSearchText = '', scope = '' }: PageLinkOptions = {}) {
  const [searchText, setSearchText] = useState(initialSearchText);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [position, setPosition] = useState<PagePosition>({ page: 0, search: initialSearchText.trim(), scope });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(initialSort);
  const page = position.search === search && position.scope === scope ? position.page : 0;

  const params: PageLinkParams<Property> = {
    pageSize,
    page,
    textSearch: search === '' ? undefined : search,
    sortProperty: sort.property,
    sortOrder: sort.order,
  };

  return {
    params,
    searchText,
    setSearchText,
    sort,
    setPage: (next: number) => setPosition({ page: next, search, scope }),
    changePageSize: (next: number) => {
      setPageSize(next);
      setPosition({ page: 0, search, scope });
    },
    /** A click on the sorted column turns the order round; another column sorts ascending. */
    toggleSort: (property: Property) => {
      setSort((current) => ({ property, order: current.property === property && current.order === 'ASC' ? 'DESC' : 'ASC' }));
      setPosition({ page: 0, search, scope });
    },
  };
}

export type PageLinkState<Property extends string> = ReturnType<typeof usePageLink<Property>>;
