import { Admin } from '@platformatic/kafka';
import { expect, test } from '@playwright/test';
import { OPERATOR } from '../support/accounts.js';
import { callApi, signInToApi } from '../support/api.js';
import { e2eKafka } from '../support/broker-settings.js';

test('the broker sees the real Kafka the run started beside it', async () => {
  const admin = new Admin({ clientId: 'e2e-kafka-harness', bootstrapBrokers: [e2eKafka.bootstrap] });
  const topic = `e2e-harness-${Date.now()}`;
  try {
    await admin.createTopics({ topics: [topic], partitions: 2, replicas: 1 });
    const token = await signInToApi(OPERATOR.username, OPERATOR.password);
    const page = await callApi<{ data: { name: string; partitions: number }[] }>('GET', `/api/app/kafka-topics?pageSize=10&page=0&textSearch=${topic}`, undefined, token);
    expect(page.data).toEqual([expect.objectContaining({ name: topic, partitions: 2 })]);
  } finally {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.close();
  }
});
