import { describe, expect, it } from 'vitest';
import { activeSubscriptionFilterCount, EMPTY_SUBSCRIPTION_FILTER, isValidSubscriptionId, subscriptionFilterParams } from './subscription-filter';

describe('subscriptions filter (TBMQ 2.3 all-subscriptions filter)', () => {
  it('asks for nothing when nothing is chosen', () => {
    expect(subscriptionFilterParams(EMPTY_SUBSCRIPTION_FILTER)).toEqual({});
    expect(activeSubscriptionFilterCount(EMPTY_SUBSCRIPTION_FILTER)).toBe(0);
  });

  it('sends every part under TBMQ’s parameter names, lists comma-joined', () => {
    const filter = {
      topicFilter: ' sensors/ ',
      qosList: [0, 2] as const,
      noLocalList: [true],
      retainAsPublishList: [false],
      retainHandlingList: [1, 2] as const,
      subscriptionId: ' 42 ',
    };
    expect(subscriptionFilterParams({ ...filter, qosList: [...filter.qosList], retainHandlingList: [...filter.retainHandlingList] })).toEqual({
      topicFilter: 'sensors/',
      qosList: '0,2',
      noLocalList: 'true',
      retainAsPublishList: 'false',
      retainHandlingList: '1,2',
      subscriptionId: 42,
    });
  });

  it('takes subscription identifiers from 1 to 268435455 only', () => {
    for (const text of ['0', '-3', '2.5', 'x', '268435456']) expect(isValidSubscriptionId(text), text).toBe(false);
    for (const text of ['', ' ', '1', '268435455']) expect(isValidSubscriptionId(text), text).toBe(true);
    expect(subscriptionFilterParams({ ...EMPTY_SUBSCRIPTION_FILTER, subscriptionId: '0' })).toEqual({});
  });
});
