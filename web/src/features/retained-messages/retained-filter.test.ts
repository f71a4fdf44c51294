import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_RETAINED_FILTER,
  retainedFilterFromSearch,
  retainedFilterParams,
  retainedPageLinkFromSearch,
  withRetainedFilter,
  withRetainedPageLink,
} from './retained-filter';

const search = (text: string) => new URLSearchParams(text);

describe('retained messages filter and page link in the URL', () => {
  it('reads nothing from an empty URL', () => {
    expect(retainedFilterFromSearch(search(''))).toEqual({ ...EMPTY_RETAINED_FILTER, startTime: undefined, endTime: undefined });
    expect(retainedPageLinkFromSearch(search(''))).toEqual({ page: 0, pageSize: 20, sort: { property: 'createdTime', order: 'DESC' } });
  });

  it('reads every part, keeping only values the API takes', () => {
    const filter = retainedFilterFromSearch(search('textSearch=hall&topicFilter=plant%2F%2B%2Ftemp&qosList=2,x,0,2,7&payload=on&startTime=10&endTime=abc'));
    expect(filter).toEqual({ textSearch: 'hall', topicFilter: 'plant/+/temp', qosList: [0, 2], payload: 'on', startTime: 10, endTime: undefined });
    expect(retainedFilterFromSearch(search('topicFilter=a%2F%23%2Fb')).topicFilter).toBe('');
    expect(retainedFilterFromSearch(search('topicFilter=%24share%2Fg%2Fa')).topicFilter).toBe('');
    expect(retainedPageLinkFromSearch(search('page=3&pageSize=50&sortProperty=payloadSize&sortOrder=ASC'))).toEqual({ page: 3, pageSize: 50, sort: { property: 'payloadSize', order: 'ASC' } });
    expect(retainedPageLinkFromSearch(search('pageSize=33&sortProperty=nonsense')).pageSize).toBe(20);
  });

  it('writes the filter back to the first page, keeping what it does not own', () => {
    const next = withRetainedFilter(search('topic=a%2Fb&page=4&payload=old'), { ...EMPTY_RETAINED_FILTER, qosList: [1, 2], topicFilter: 'a/#' });
    expect(next.toString()).toBe('topic=a%2Fb&topicFilter=a%2F%23&qosList=1%2C2');
  });

  it('writes the page link, leaving out the defaults', () => {
    expect(withRetainedPageLink(search('view=tree'), { page: 0, pageSize: 20, sort: { property: 'createdTime', order: 'DESC' } }).toString()).toBe('view=tree');
    expect(withRetainedPageLink(search(''), { page: 2, pageSize: 50, sort: { property: 'topic', order: 'ASC' } }).toString()).toBe('page=2&pageSize=50&sortProperty=topic&sortOrder=ASC');
  });

  it('turns the filter into API parameters and counts the panel parts in use', () => {
    const filter = { textSearch: ' hall ', topicFilter: 'plant/#', qosList: [1 as const], payload: ' ', startTime: 5, endTime: undefined };
    expect(retainedFilterParams(filter)).toEqual({ textSearch: 'hall', topicFilter: 'plant/#', qosList: [1], startTime: 5 });
    expect(activeFilterCount(filter)).toBe(2);
  });
});
