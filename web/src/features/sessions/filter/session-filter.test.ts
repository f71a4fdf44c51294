import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_SESSION_FILTER,
  narrowedToState,
  type SessionFilter,
  sessionFilterFromSearch,
  sessionFilterParams,
  withSessionFilter,
} from './session-filter';

const fullFilter: SessionFilter = {
  connectedStatusList: ['CONNECTED'],
  clientTypeList: ['DEVICE', 'APPLICATION'],
  cleanStartList: [false],
  nodeIdList: ['node-a', 'node-b'],
  clientId: 'sensor',
  subscriptions: 3,
  subscriptionOperation: 'GREATER_OR_EQUAL',
  clientIpAddress: '10.0.',
  queuedMessagesMin: 5,
  startTime: 1_700_000_000_000,
  endTime: 1_700_000_600_000,
  disconnectedStartTime: 1_600_000_000_000,
  disconnectedEndTime: 1_600_000_600_000,
};

describe('session list filter in the URL (spec section 3)', () => {
  it('reads the home counters’ deep links', () => {
    const connected = sessionFilterFromSearch(new URLSearchParams('connectedStatusList=CONNECTED'));
    expect(connected).toEqual({ ...EMPTY_SESSION_FILTER, connectedStatusList: ['CONNECTED'] });
    expect(sessionFilterParams(connected)).toEqual({ connectedStatusList: 'CONNECTED' });
    expect(sessionFilterFromSearch(new URLSearchParams(''))).toEqual(EMPTY_SESSION_FILTER);
  });

  it('writes every part under the API’s parameter names and reads it back unchanged', () => {
    const search = withSessionFilter(new URLSearchParams('session=sensor-1'), fullFilter);
    expect(Object.fromEntries(search)).toEqual({
      session: 'sensor-1',
      connectedStatusList: 'CONNECTED',
      clientTypeList: 'DEVICE,APPLICATION',
      cleanStartList: 'false',
      nodeIdList: 'node-a,node-b',
      clientId: 'sensor',
      subscriptions: '3',
      subscriptionOperation: 'GREATER_OR_EQUAL',
      clientIpAddress: '10.0.',
      queuedMessagesMin: '5',
      startTime: '1700000000000',
      endTime: '1700000600000',
      disconnectedStartTime: '1600000000000',
      disconnectedEndTime: '1600000600000',
    });
    expect(sessionFilterFromSearch(search)).toEqual(fullFilter);
  });

  it('clears what the filter no longer holds and keeps the rest of the URL', () => {
    const search = withSessionFilter(new URLSearchParams('clientTypeList=DEVICE&session=x&subscriptions=0'), EMPTY_SESSION_FILTER);
    expect(search.toString()).toBe('session=x');
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    const filter = sessionFilterFromSearch(
      new URLSearchParams('connectedStatusList=CONNECTED,SLEEPING,CONNECTED&clientTypeList=ROBOT&cleanStartList=maybe&subscriptions=yes&queuedMessagesMin=-4&subscriptionOperation=MOST'),
    );
    expect(filter).toEqual({ ...EMPTY_SESSION_FILTER, connectedStatusList: ['CONNECTED'] });
  });

  it('sends the operator only with a count, and EQUAL not at all (the broker’s default)', () => {
    expect(sessionFilterParams({ ...EMPTY_SESSION_FILTER, subscriptionOperation: 'LESS' })).toEqual({});
    expect(sessionFilterParams({ ...EMPTY_SESSION_FILTER, subscriptions: 0 })).toEqual({ subscriptions: 0 });
    expect(sessionFilterParams({ ...EMPTY_SESSION_FILTER, subscriptions: 2, subscriptionOperation: 'LESS' })).toEqual({
      subscriptions: 2,
      subscriptionOperation: 'LESS',
    });
  });

  it('sends the search box as textSearch, which TBMQ takes, and keeps it as clientId in the URL', () => {
    expect(sessionFilterParams({ ...EMPTY_SESSION_FILTER, clientId: ' sensor ' })).toEqual({ textSearch: 'sensor' });
    expect(withSessionFilter(new URLSearchParams(), { ...EMPTY_SESSION_FILTER, clientId: 'sensor' }).toString()).toBe('clientId=sensor');
  });

  it('counts the panel’s filters in use, not the search box', () => {
    expect(activeFilterCount({ ...EMPTY_SESSION_FILTER, clientId: 'sensor' })).toBe(0);
    expect(activeFilterCount(fullFilter)).toBe(11);
  });

  it('narrows the filter to the sessions a bulk action can act on', () => {
    expect(narrowedToState(EMPTY_SESSION_FILTER, 'CONNECTED')?.connectedStatusList).toEqual(['CONNECTED']);
    expect(narrowedToState({ ...EMPTY_SESSION_FILTER, connectedStatusList: ['CONNECTED'] }, 'DISCONNECTED')).toBeNull();
    expect(narrowedToState(fullFilter, 'CONNECTED')).toEqual(fullFilter);
  });
});
