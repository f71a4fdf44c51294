// One real Kafka node for the whole kafka project (scripts/kafka/kafka-server.mjs), its bootstrap
// address provided to the test files as inject('kafkaBootstrap'), and set as
// STARLING_TEST_KAFKA_BOOTSTRAP for what reads the environment (the test workers, processes they
// start). With STARLING_TEST_KAFKA_BOOTSTRAP already set, the tests use that Kafka instead (e.g. one
// started by hand with `node scripts/kafka/kafka-server.mjs`).
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
  process.env.STARLING_TEST_KAFKA_BOOTSTRAP = kafka.bootstrap;
  return () => {
    delete process.env.STARLING_TEST_KAFKA_BOOTSTRAP;
    return kafka.stop();
  };
}
