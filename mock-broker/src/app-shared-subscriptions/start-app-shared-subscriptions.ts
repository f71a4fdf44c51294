import type { Router } from 'express';
import type { MqttViews } from '../app/mqtt-core.js';
import type { Database } from '../database/database.js';
import { KafkaConnection } from '../kafka/kafka-connection.js';
import type { KafkaSettings } from '../kafka/kafka-settings.js';
import { AppSharedSubscriptionRepository } from './app-shared-subscription-repository.js';
import { appSharedSubscriptionRouter } from './app-shared-subscription-router.js';
import { AppSharedSubscriptionService } from './app-shared-subscription-service.js';
import { AppSharedMembers } from './members.js';
import { KafkaWriter } from './kafka-writer.js';
import { publishToKafka } from './publish-to-kafka.js';
import { SubscriptionIndex } from './subscription-index.js';

export interface AppSharedSubscriptionNeeds {
  database: Database;
  kafka: KafkaSettings | undefined;
  mqtt: Pick<MqttViews, 'broker' | 'sessions' | 'sharedSubscriptions' | 'statistics'>;
}

/**
 * Application shared subscriptions (openapi.yaml /api/app/shared/subs): messages matching one are
 * written to its Kafka topic before the publisher is acknowledged. Without Kafka the list still
 * answers; creating and deleting answer 503.
 */
export function startAppSharedSubscriptions(needs: AppSharedSubscriptionNeeds): { routers: Router[]; cleanups: (() => Promise<void>)[] } {
  const repository = new AppSharedSubscriptionRepository(needs.database);
  const index = new SubscriptionIndex(repository.all());
  const connection = new KafkaConnection(needs.kafka);
  const writer = new KafkaWriter(needs.kafka);
  // The Kafka copies of QoS 0 messages refused for a full queue, and records read back that are no valid message, count as dropped.
  const dropped = () => needs.mqtt.statistics.messageDropped();
  publishToKafka(needs.mqtt.broker, index, writer, dropped);
  const members = new AppSharedMembers({
    ...needs.mqtt,
    index,
    kafka: needs.kafka,
    onError: (error) => console.warn('Application shared subscription member:', error instanceof Error ? error.message : error),
    onSkipped: dropped,
    consumerGroups: () => connection.use(async (admin) => [...(await admin.listGroups()).keys()]),
  });
  const service = new AppSharedSubscriptionService(repository, connection, {
    added: (subscription) => index.add(subscription),
    removed: async (subscription) => {
      index.remove(subscription);
      await members.removed(subscription);
    },
  });
  return {
    routers: [appSharedSubscriptionRouter(service)],
    // Members first: they commit what was acknowledged while Kafka is still reachable.
    cleanups: [() => connection.close(), () => writer.close(), () => members.close()],
  };
}
