// Types of kafka-server.mjs, for the TypeScript tests that start Kafka.

export interface KafkaOptions {
  /** The node's folder, kept after stop(); by default a new temporary folder, removed by stop(). */
  dataDir?: string;
  /** The client listener's port; by default a free one. */
  port?: number;
}

export interface KafkaNode {
  /** host:port of the PLAINTEXT client listener on loopback. */
  readonly bootstrap: string;
  /** Apache Kafka's version, as scripts/kafka/pom.xml names it. */
  readonly version: string;
  readonly dataDir: string;
  /** Stops the node (SIGTERM, SIGKILL after 15 s) and removes its folder unless it was given. */
  stop(): Promise<void>;
}

export function startKafka(options?: KafkaOptions): Promise<KafkaNode>;
