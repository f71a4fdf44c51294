import { describe, expect, it } from 'vitest';
import { applicationSubscriptionInputOf, validateApplicationSubscriptionForm } from './application-subscription-form';

const valid = { name: 'Orders', topicFilter: 'shop/+/orders/#', partitions: '3' };
const errorIds = (values: typeof valid) => Object.fromEntries(Object.entries(validateApplicationSubscriptionForm(values)).map(([field, message]) => [field, message.id]));

describe('application shared subscription form', () => {
  it('takes a name, an MQTT topic filter with whole-level wildcards and 1 to 100 partitions', () => {
    expect(errorIds(valid)).toEqual({});
    expect(errorIds({ ...valid, topicFilter: '#', partitions: '100' })).toEqual({});
    expect(errorIds({ ...valid, topicFilter: 'a/b', partitions: '1' })).toEqual({});
  });

  it('names each field it refuses', () => {
    expect(errorIds({ name: ' ', topicFilter: '', partitions: '' })).toEqual({
      name: 'app-shared-subscription.name-required',
      topicFilter: 'app-shared-subscription.topic-filter-required',
      partitions: 'app-shared-subscription.partitions-range',
    });
    expect(errorIds({ ...valid, name: 'x'.repeat(256) }).name).toBe('app-shared-subscription.name-too-long');
  });

  it('refuses the $share/ prefix, $ topics and misplaced wildcards', () => {
    expect(errorIds({ ...valid, topicFilter: '$share/g/jobs/#' }).topicFilter).toBe('app-shared-subscription.topic-filter-share-prefix');
    expect(errorIds({ ...valid, topicFilter: '$SYS/#' }).topicFilter).toBe('app-shared-subscription.topic-filter-system');
    for (const topicFilter of ['jobs/#/more', 'jobs#', 'jobs/a+', 'a/+b/c']) {
      expect(errorIds({ ...valid, topicFilter }).topicFilter, topicFilter).toBe('app-shared-subscription.topic-filter-invalid');
    }
    expect(errorIds({ ...valid, topicFilter: 'a'.repeat(1025) }).topicFilter).toBe('app-shared-subscription.topic-filter-too-long');
  });

  it('takes only whole partitions from 1 to 100', () => {
    for (const partitions of ['0', '101', '2.5', '-1', 'ten']) {
      expect(errorIds({ ...valid, partitions }).partitions, partitions).toBe('app-shared-subscription.partitions-range');
    }
  });

  it('sends a new subscription trimmed, and a rename with the rest unchanged', () => {
    expect(applicationSubscriptionInputOf({ name: ' Orders ', topicFilter: ' shop/# ', partitions: '4' }, null)).toEqual({ name: 'Orders', topicFilter: 'shop/#', partitions: 4 });
    const existing = { id: 's1', createdTime: 1, name: 'Orders', topicFilter: 'shop/#', partitions: 4, kafkaTopic: 'starling.app.shop' };
    expect(applicationSubscriptionInputOf({ name: 'Shop orders', topicFilter: 'ignored', partitions: '9' }, existing)).toEqual({ id: 's1', name: 'Shop orders', topicFilter: 'shop/#', partitions: 4 });
  });
});
