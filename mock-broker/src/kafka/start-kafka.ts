import type { Router } from 'express';
import { KafkaConnection } from './kafka-connection.js';
import { kafkaRouter } from './kafka-router.js';
import { KafkaService } from './kafka-service.js';
import type { KafkaSettings } from './kafka-settings.js';

/**
 * The Kafka pages of a node over the cluster STARLING_KAFKA_BOOTSTRAP names. Without one the node
 * starts all the same and the pages answer 503 (errorCode 40); the client connects at the first
 * request and closes with the node.
 */
export function startKafka(settings: KafkaSettings | undefined): { routers: Router[]; cleanups: (() => Promise<void>)[] } {
  const connection = new KafkaConnection(settings);
  return { routers: [kafkaRouter(new KafkaService(connection))], cleanups: [() => connection.close()] };
}
