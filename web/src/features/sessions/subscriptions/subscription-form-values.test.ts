import { describe, expect, it } from 'vitest';
import { EMPTY_SUBSCRIPTION_FORM, subscriptionFormValuesOf, subscriptionOf, validateSubscriptionForm } from './subscription-form-values';

const form = (changes: Partial<typeof EMPTY_SUBSCRIPTION_FORM>) => ({ ...EMPTY_SUBSCRIPTION_FORM, topicFilter: 'sensors/#', ...changes });
const errorIds = (errors: ReturnType<typeof validateSubscriptionForm>) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message?.id]));

describe('subscription editor validation (issue 7)', () => {
  it('takes a valid subscription', () => {
    expect(validateSubscriptionForm(form({ subscriptionId: '42' }), ['other/#'])).toEqual({});
  });

  it('names the topic filter when it is missing, malformed or already in the list', () => {
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: '  ' }), []))).toEqual({ topicFilter: 'subscription.topic-filter-required' });
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: 'sensors/#/x' }), []))).toEqual({ topicFilter: 'subscription.topic-filter-invalid' });
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: ' sensors/# ' }), ['sensors/#']))).toEqual({ topicFilter: 'subscription.topic-filter-duplicate' });
  });

  it('refuses No Local on a shared subscription', () => {
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: '$share/g/sensors', noLocal: true }), []))).toEqual({ noLocal: 'subscription.no-local-shared' });
    expect(validateSubscriptionForm(form({ noLocal: true }), [])).toEqual({});
  });

  it('takes subscription identifiers from 1 to 268435455 only', () => {
    for (const id of ['0', '-1', '1.5', 'abc', '268435456']) {
      expect(errorIds(validateSubscriptionForm(form({ subscriptionId: id }), [])), id).toEqual({ subscriptionId: 'subscription.subscription-id-invalid' });
    }
    expect(validateSubscriptionForm(form({ subscriptionId: '268435455' }), [])).toEqual({});
  });

  it('sends the subscription as TBMQ takes it: trimmed, QoS by name, a null identifier when there is none', () => {
    expect(subscriptionOf(form({ topicFilter: ' a/b ', qos: 2, retainHandling: 1 }))).toEqual({
      topicFilter: 'a/b',
      qos: 'EXACTLY_ONCE',
      options: { noLocal: false, retainAsPublish: false, retainHandling: 1 },
      subscriptionId: null,
    });
    expect(subscriptionFormValuesOf(subscriptionOf(form({ qos: 0 })))).toEqual(form({ qos: 0 }));
    const withId = subscriptionOf(form({ subscriptionId: '7' }));
    expect(withId.subscriptionId).toBe(7);
    expect(subscriptionFormValuesOf(withId).subscriptionId).toBe('7');
  });
});
