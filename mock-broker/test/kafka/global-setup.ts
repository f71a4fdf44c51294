// One real Kafka node for the whole kafka project (scripts/kafka/kafka-server.mjs), its bootstrap
// address provided to the test files as inject('kafkaBootstrap'). With STARLING_TEST_KAFKA_BOOTSTRAP
// set, the tests use that Kafka instead (e.g. one started by hand with the same script).
import type { TestProject } from 'vitest/node';
import { startKafka } from '../../../scripts/kafka/kafka-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    kafkaBootstrap: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.STARLING_TEST_KAFKA_BOOTSTRAP;
  if (given) {
    project.provide('kafkaBootstrap', given);
    return undefined;
  }
  const kafka = await startKafka();
  project.provide('kafkaBootstrap', kafka.bootstrap);
  return () => kafka.stop();
}
