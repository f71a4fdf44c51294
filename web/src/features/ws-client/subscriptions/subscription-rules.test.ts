import { describe, expect, it } from 'vitest';
import type { WsSubscription } from '../../../api/generated/model/wsSubscription';
import { COLOUR_PRESETS } from '../../../components/colour-picker/colour-rules';
import {
  changesClientSubscription,
  matchesEveryTopic,
  needsEveryTopicWarning,
  newSubscriptionForm,
  subscriptionConfigurationOf,
  subscriptionFormValuesOf,
  unusedPresetColour,
  validateSubscriptionForm,
  type WsSubscriptionFormValues,
} from './subscription-rules';

const form = (changes: Partial<WsSubscriptionFormValues> = {}): WsSubscriptionFormValues => ({ ...newSubscriptionForm([]), ...changes });
const errorIds = (errors: object) => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]));

describe('web-socket subscriptions (issue 15)', () => {
  it('start at sensors/# with a preset colour no other subscription of the connection wears', () => {
    const [first, second, third] = COLOUR_PRESETS;
    expect(newSubscriptionForm([]).topicFilter).toBe('sensors/#');
    expect(newSubscriptionForm([]).color).toBe(first);
    expect(newSubscriptionForm([String(first).toUpperCase(), String(second)]).color).toBe(third);
    expect(unusedPresetColour(COLOUR_PRESETS)).toBe(first);
  });

  it('require a colour, and a valid one', () => {
    expect(errorIds(validateSubscriptionForm(form({ color: null }), 5, []))).toEqual({ color: 'ws-client.subscription.color-required' });
    expect(errorIds(validateSubscriptionForm(form({ color: 'not a colour' }), 5, []))).toEqual({ color: 'ws-client.subscription.color-invalid' });
  });

  it('check the topic filter as the broker does, and once per connection', () => {
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: '' }), 5, []))).toEqual({ topicFilter: 'subscription.topic-filter-required' });
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: 'a/#/b' }), 5, []))).toEqual({ topicFilter: 'subscription.topic-filter-invalid' });
    expect(errorIds(validateSubscriptionForm(form({ topicFilter: ' a/+ ' }), 5, ['a/+']))).toEqual({ topicFilter: 'ws-client.subscription.topic-filter-duplicate' });
  });

  it('take subscription identifiers from 1 to 268435455 on MQTT 5', () => {
    for (const id of ['0', '268435456', '2.5', 'x']) {
      expect(errorIds(validateSubscriptionForm(form({ subscriptionId: id }), 5, [])), id).toEqual({ subscriptionId: 'subscription.subscription-id-invalid' });
    }
    expect(validateSubscriptionForm(form({ subscriptionId: '1' }), 5, [])).toEqual({});
    expect(validateSubscriptionForm(form({ subscriptionId: '268435455' }), 5, [])).toEqual({});
  });

  it('send the MQTT 5 options only on MQTT 5, and ignore them before', () => {
    const values = form({ noLocal: true, retainAsPublish: true, retainHandling: 2, subscriptionId: '9', topicFilter: '$share/g/a' });
    expect(validateSubscriptionForm(values, 4, [])).toEqual({});
    expect(errorIds(validateSubscriptionForm(values, 5, []))).toEqual({ noLocal: 'subscription.no-local-shared' });
    expect(subscriptionConfigurationOf(values, 4)).toEqual({ topicFilter: '$share/g/a', qos: 1, color: values.color });
    expect(subscriptionConfigurationOf({ ...values, noLocal: false }, 5)).toEqual({
      topicFilter: '$share/g/a',
      qos: 1,
      color: values.color,
      options: { noLocal: false, retainAsPublish: true, retainHandling: 2 },
      subscriptionId: 9,
    });
  });

  it('load a saved subscription back into the form', () => {
    const saved: WsSubscription = {
      id: 's1',
      createdTime: 1,
      webSocketConnectionId: 'c1',
      configuration: { topicFilter: 'a/b', qos: 2, color: '#123456', options: { noLocal: true, retainAsPublish: false, retainHandling: 1 }, subscriptionId: 3 },
    };
    const values = subscriptionFormValuesOf(saved);
    expect(values).toEqual({ topicFilter: 'a/b', qos: 2, color: '#123456', noLocal: true, retainAsPublish: false, retainHandling: 1, subscriptionId: '3' });
    expect(subscriptionConfigurationOf(values, 5)).toEqual(saved.configuration);
  });

  it('know the filters that take every topic', () => {
    for (const filter of ['#', '+/#', '+/+/#', ' # ', '$share/g/#', '$share/g/+/#']) expect(matchesEveryTopic(filter), filter).toBe(true);
    for (const filter of ['sensors/#', '+', '+/+', '#/a', 'a/+/#', '$share/g/a/#']) expect(matchesEveryTopic(filter), filter).toBe(false);
  });

  it('warn before taking every topic of a busy broker, or one whose rate is unknown', () => {
    expect(needsEveryTopicWarning('#', null)).toBe(true);
    expect(needsEveryTopicWarning('#', 250)).toBe(true);
    expect(needsEveryTopicWarning('+/#', 100)).toBe(true);
    expect(needsEveryTopicWarning('#', 3)).toBe(false);
    expect(needsEveryTopicWarning('sensors/#', null)).toBe(false);
  });

  it('subscribe anew after an edit only when the broker side changed', () => {
    const before = { topicFilter: 'a', qos: 1 as const, color: '#111111', options: { noLocal: false, retainAsPublish: false, retainHandling: 0 as const } };
    expect(changesClientSubscription(before, { ...before, color: '#222222' })).toBe(false);
    expect(changesClientSubscription(before, { ...before, qos: 2 })).toBe(true);
    expect(changesClientSubscription(before, { ...before, topicFilter: 'b' })).toBe(true);
    expect(changesClientSubscription(before, { ...before, subscriptionId: 4 })).toBe(true);
  });
});
