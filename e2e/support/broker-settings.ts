import { e2ePorts } from './ports.js';

/** How the end-to-end run starts its broker: known values the journeys rely on. */
export const e2eBroker = {
  baseUrl: `http://127.0.0.1:${e2ePorts.http}`,
  /** Opens a public session (/login?publicId=…), whose admin calls answer 403. */
  publicId: 'e2e-lobby-screen',
  /** Lets the token journey sign an access token that has already expired. */
  jwtSecret: 'e2e-only-signing-secret-not-for-production-use',
};

/**
 * The real Kafka node support/start-broker.mjs starts beside the broker (and gives it as
 * STARLING_KAFKA_BOOTSTRAP): journeys reach it with @platformatic/kafka's Admin, Producer and
 * Consumer at `bootstrapBrokers: [e2eKafka.bootstrap]`.
 */
export const e2eKafka = {
  bootstrap: `127.0.0.1:${e2ePorts.kafka}`,
};
