import type { Admin } from '@platformatic/kafka';

/** Topics and groups read from the cluster at most: the pages are made from these. */
export const KAFKA_LIST_LIMIT = 10_000;

/** Groups per DescribeGroups / OffsetFetch request. */
const GROUP_BATCH = 200;

/** openapi.yaml KafkaBroker. */
export interface KafkaBrokerInfo {
  brokerId: number;
  /** The host, as the production broker answers it; the port is Starling's own field. */
  address: string;
  port: number;
  controller: boolean;
  brokerSize: number;
}

/** openapi.yaml KafkaTopic. */
export interface KafkaTopicInfo {
  name: string;
  partitions: number;
  replicationFactor: number;
  size: number;
}

/** openapi.yaml KafkaConsumerGroup. */
export interface KafkaConsumerGroupInfo {
  groupId: string;
  state: string;
  members: number;
  lag: number;
}

interface TopicLayout {
  name: string;
  partitions: number;
  replicationFactor: number;
}

function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** The first KAFKA_LIST_LIMIT topics by name, with their partition counts and replication factors. */
async function topicLayouts(admin: Admin, includeInternals: boolean): Promise<TopicLayout[]> {
  const names = (await admin.listTopics({ includeInternals })).sort().slice(0, KAFKA_LIST_LIMIT);
  if (names.length === 0) return [];
  const metadata = await admin.metadata({ topics: names, forceUpdate: true });
  return names.map((name) => {
    const topic = metadata.topics.get(name);
    const replicationFactor = (topic?.partitions ?? []).reduce((most, partition) => Math.max(most, partition.replicas.length), 0);
    return { name, partitions: topic?.partitionsCount ?? 0, replicationFactor };
  });
}

/** Bytes on disk per broker and per topic, from every broker's log directories. */
async function logDirectorySizes(admin: Admin, layouts: TopicLayout[]): Promise<{ byBroker: Map<number, number>; byTopic: Map<string, number> }> {
  const byBroker = new Map<number, number>();
  const byTopic = new Map<string, number>();
  const described = layouts.filter((layout) => layout.partitions > 0);
  if (described.length === 0) return { byBroker, byTopic };
  const topics = described.map(({ name, partitions }) => ({ name, partitions: Array.from({ length: partitions }, (_unused, index) => index) }));
  for (const { broker, results } of await admin.describeLogDirs({ topics })) {
    for (const directory of results) {
      for (const topic of directory.topics) {
        const bytes = topic.partitions.reduce((sum, partition) => sum + Number(partition.partitionSize), 0);
        byBroker.set(broker, (byBroker.get(broker) ?? 0) + bytes);
        byTopic.set(topic.name, (byTopic.get(topic.name) ?? 0) + bytes);
      }
    }
  }
  return { byBroker, byTopic };
}

/** How often a read starts over when a topic it listed was deleted before it asked for the topic's metadata. */
const VANISHED_TOPIC_ATTEMPTS = 3;

/** The client's answer when a topic it asks metadata for no longer exists ("Unknown topic <name>."). */
function isVanishedTopic(error: unknown): boolean {
  return error instanceof Error && (error as Error & { code?: unknown }).code === 'PLT_KFK_USER' && error.message.startsWith('Unknown topic ');
}

/** Reads again, from the listing on, when topics are deleted while it reads: Kafka fails the whole metadata request for one. */
function settled<T>(read: (admin: Admin) => Promise<T>): (admin: Admin) => Promise<T> {
  return async (admin) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await read(admin);
      } catch (error) {
        if (attempt >= VANISHED_TOPIC_ATTEMPTS || !isVanishedTopic(error)) throw error;
      }
    }
  };
}

/** The cluster's brokers by id, the controller marked, each with the bytes its log directories hold. */
export const readBrokers = settled(async (admin): Promise<KafkaBrokerInfo[]> => {
  const metadata = await admin.metadata({ topics: [], forceUpdate: true });
  const { byBroker } = await logDirectorySizes(admin, await topicLayouts(admin, true));
  return [...metadata.brokers]
    .sort(([left], [right]) => left - right)
    .map(([brokerId, broker]) => ({
      brokerId,
      address: broker.host,
      port: broker.port,
      controller: brokerId === metadata.controllerId,
      brokerSize: byBroker.get(brokerId) ?? 0,
    }));
});

/** The cluster's topics, internal ones left out, each with its size on disk. */
export const readTopics = settled(async (admin): Promise<KafkaTopicInfo[]> => {
  const layouts = await topicLayouts(admin, false);
  const { byTopic } = await logDirectorySizes(admin, layouts);
  return layouts.map((layout) => ({ ...layout, size: byTopic.get(layout.name) ?? 0 }));
});

/** Each group's lag: log end offset minus committed offset, summed over the partitions it committed. */
async function lagsOf(admin: Admin, groupIds: string[]): Promise<Map<string, number>> {
  const committed = await admin.listConsumerGroupOffsets({ groups: groupIds });
  const partitionsByTopic = new Map<string, Set<number>>();
  for (const group of committed) {
    for (const topic of group.topics) {
      const partitions = partitionsByTopic.get(topic.name) ?? new Set<number>();
      for (const partition of topic.partitions) partitions.add(partition.partitionIndex);
      partitionsByTopic.set(topic.name, partitions);
    }
  }
  // A group keeps the offsets of a topic deleted since, for a while; Kafka has no log end for it.
  const existing = new Set(partitionsByTopic.size > 0 ? await admin.listTopics({ includeInternals: true }) : []);
  for (const name of partitionsByTopic.keys()) if (!existing.has(name)) partitionsByTopic.delete(name);
  const ends = new Map<string, bigint>();
  if (partitionsByTopic.size > 0) {
    // Timestamp -1 asks each partition for its latest offset (its log end).
    const topics = [...partitionsByTopic].map(([name, partitions]) => ({ name, partitions: [...partitions].map((partitionIndex) => ({ partitionIndex, timestamp: -1n })) }));
    for (const topic of await admin.listOffsets({ topics })) {
      for (const partition of topic.partitions) ends.set(`${partition.partitionIndex}:${topic.name}`, partition.offset);
    }
  }
  const lags = new Map<string, number>();
  for (const group of committed) {
    let lag = 0n;
    for (const topic of group.topics) {
      for (const partition of topic.partitions) {
        const end = ends.get(`${partition.partitionIndex}:${topic.name}`);
        // A partition without a committed offset (-1) has no lag to speak of yet.
        if (end !== undefined && partition.committedOffset >= 0n && end > partition.committedOffset) lag += end - partition.committedOffset;
      }
    }
    lags.set(group.groupId, Number(lag));
  }
  return lags;
}

/** The cluster's consumer groups (the first KAFKA_LIST_LIMIT by id) with their state, member count and lag. */
export const readConsumerGroups = settled(async (admin): Promise<KafkaConsumerGroupInfo[]> => {
  const groupIds = [...(await admin.listGroups()).keys()].sort().slice(0, KAFKA_LIST_LIMIT);
  const result: KafkaConsumerGroupInfo[] = [];
  for (const batch of batches(groupIds, GROUP_BATCH)) {
    const [descriptions, lags] = await Promise.all([admin.describeGroups({ groups: batch }), lagsOf(admin, batch)]);
    for (const groupId of batch) {
      const description = descriptions.get(groupId);
      result.push({ groupId, state: description?.state ?? 'UNKNOWN', members: description?.members.size ?? 0, lag: lags.get(groupId) ?? 0 });
    }
  }
  return result;
});
