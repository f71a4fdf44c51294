import { ApiError } from '../http/api-error.js';
import { toPage, type Page, type PageLink } from '../http/page.js';
import { selectPage } from '../lists/page-selection.js';
import { containsIgnoringCase } from '../lists/text-match.js';
import { readBrokers, readConsumerGroups, readTopics, type KafkaBrokerInfo, type KafkaConsumerGroupInfo, type KafkaTopicInfo } from './kafka-cluster.js';
import { hasKafkaError, type KafkaConnection } from './kafka-connection.js';

export interface KafkaPageQuery<SortProperty extends string> extends PageLink {
  textSearch?: string;
  sortProperty?: SortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

export type KafkaTopicPageQuery = KafkaPageQuery<'name' | 'partitions' | 'replicationFactor' | 'size'>;
export type KafkaConsumerGroupPageQuery = KafkaPageQuery<'groupId' | 'state' | 'members' | 'lag'>;

/**
 * A page of what Kafka reported, searched and sorted here (Kafka itself neither pages nor sorts
 * these lists); ties go by `key`, unique, so that pages never overlap.
 */
function pageOf<Item, SortProperty extends keyof Item & string>(items: Item[], key: keyof Item & string, query: KafkaPageQuery<SortProperty>, defaultProperty: SortProperty): Page<Item> {
  const search = containsIgnoringCase(query.textSearch);
  const matching = search ? items.filter((item) => search(String(item[key]))) : items;
  const property = query.sortProperty ?? defaultProperty;
  const direction = (query.sortOrder ?? 'ASC') === 'ASC' ? 1 : -1;
  const compare = (a: Item, b: Item): number => {
    if (a[property] !== b[property]) return (a[property] < b[property] ? -1 : 1) * direction;
    if (a[key] === b[key]) return 0;
    return (a[key] < b[key] ? -1 : 1) * direction;
  };
  return toPage(selectPage(matching, compare, query.page * query.pageSize, query.pageSize), matching.length, query);
}

/** The Kafka pages (BROKER-API.md "Kafka"): brokers, topics, consumer groups and deleting a group. */
export class KafkaService {
  constructor(private readonly connection: KafkaConnection) {}

  /** Every broker as one page, as the production broker answers. */
  async brokers(): Promise<Page<KafkaBrokerInfo>> {
    const brokers = await this.connection.use(readBrokers);
    return { data: brokers, totalPages: brokers.length > 0 ? 1 : 0, totalElements: brokers.length, hasNext: false };
  }

  async topicPage(query: KafkaTopicPageQuery): Promise<Page<KafkaTopicInfo>> {
    return pageOf(await this.connection.use(readTopics), 'name', query, 'name');
  }

  async consumerGroupPage(query: KafkaConsumerGroupPageQuery): Promise<Page<KafkaConsumerGroupInfo>> {
    return pageOf(await this.connection.use(readConsumerGroups), 'groupId', query, 'groupId');
  }

  /** Deletes a group without members; Kafka refuses one with members (NON_EMPTY_GROUP), and so does this, with 409. */
  async deleteConsumerGroup(groupId: string): Promise<void> {
    await this.connection.use(async (admin) => {
      const description = (await admin.describeGroups({ groups: [groupId] })).get(groupId);
      // Kafka describes an unknown group as DEAD, without members.
      if (description === undefined || description.state === 'DEAD') throw ApiError.notFound(`Consumer group ${groupId} not found`);
      const activeMembers = (members: number) => ApiError.conflict(`Consumer group ${groupId} has ${members} active member(s): stop its consumers before deleting it`);
      if (description.members.size > 0) throw activeMembers(description.members.size);
      try {
        await admin.deleteGroups({ groups: [groupId] });
      } catch (error) {
        // A consumer may join, or the group go, between the description and the deletion.
        if (hasKafkaError(error, 'NON_EMPTY_GROUP')) throw activeMembers(1);
        if (hasKafkaError(error, 'GROUP_ID_NOT_FOUND')) throw ApiError.notFound(`Consumer group ${groupId} not found`);
        throw error;
      }
    });
  }
}
