import { Router } from 'express';
import { validatedParameters as parameters } from '../http/validated-parameters.js';
import type { KafkaConsumerGroupPageQuery, KafkaService, KafkaTopicPageQuery } from './kafka-service.js';

/** The Kafka pages' operations (openapi.yaml tag kafka). */
export function kafkaRouter(kafka: KafkaService): Router {
  const router = Router();
  // TBMQ 2.3 serves each list at a first path and at /v2 (what its own console calls); both answer the same.
  router.get(['/api/app/cluster-info', '/api/app/cluster-info/v2'], async (_request, response) => {
    response.json(await kafka.brokers());
  });
  router.get(['/api/app/kafka-topics', '/api/app/kafka-topics/v2'], async (request, response) => {
    response.json(await kafka.topicPage(parameters<KafkaTopicPageQuery>(request)));
  });
  router.get(['/api/app/consumer-groups', '/api/app/consumer-groups/v2'], async (request, response) => {
    response.json(await kafka.consumerGroupPage(parameters<KafkaConsumerGroupPageQuery>(request)));
  });
  router.delete('/api/app/consumer-group', async (request, response) => {
    await kafka.deleteConsumerGroup(parameters<{ groupId: string }>(request).groupId);
    response.status(200).end();
  });
  return router;
}
