/** Ports of the broker the end-to-end run starts; apart from the defaults so a running `npm start` does not collide. */
export const e2ePorts = {
  http: Number(process.env.STARLING_E2E_HTTP_PORT || 28083),
  mqtt: Number(process.env.STARLING_E2E_MQTT_PORT || 21883),
  ws: Number(process.env.STARLING_E2E_WS_PORT || 28084),
  /** The client listener of the Kafka node started beside the broker (support/start-broker.mjs). */
  kafka: Number(process.env.STARLING_E2E_KAFKA_PORT || 29092),
};
