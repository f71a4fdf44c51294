import { inTransaction, type Database, type Row } from '../database/database.js';
import { selectPage, WhereClause, type Page, type PageRequest } from '../database/page-query.js';
import type { AppSharedSubscription } from './app-shared-subscription.js';

export type AppSharedSubscriptionSortProperty = 'createdTime' | 'name' | 'topicFilter' | 'partitions';

/** Column per sortable property: only these ever reach the SQL text. */
const SORT_COLUMNS: Record<AppSharedSubscriptionSortProperty, string> = {
  createdTime: 'created_time',
  name: 'name COLLATE NOCASE',
  topicFilter: 'topic_filter',
  partitions: 'partitions',
};

export interface AppSharedSubscriptionPageQuery extends PageRequest {
  textSearch?: string;
  sortProperty?: AppSharedSubscriptionSortProperty;
  sortOrder?: 'ASC' | 'DESC';
}

function toSubscription(row: Row): AppSharedSubscription {
  return {
    id: String(row.id),
    createdTime: Number(row.created_time),
    name: String(row.name),
    topicFilter: String(row.topic_filter),
    partitions: Number(row.partitions),
    kafkaTopic: String(row.kafka_topic),
  };
}

/** Application shared subscriptions in SQLite. */
export class AppSharedSubscriptionRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: () => T): T {
    return inTransaction(this.database, work);
  }

  all(): AppSharedSubscription[] {
    return this.database.all('SELECT * FROM app_shared_subscription ORDER BY created_time, id').map(toSubscription);
  }

  find(id: string): AppSharedSubscription | undefined {
    const row = this.database.get('SELECT * FROM app_shared_subscription WHERE id = ?', [id]);
    return row ? toSubscription(row) : undefined;
  }

  findByName(name: string): AppSharedSubscription | undefined {
    const row = this.database.get('SELECT * FROM app_shared_subscription WHERE name = ?', [name]);
    return row ? toSubscription(row) : undefined;
  }

  findByTopicFilter(topicFilter: string): AppSharedSubscription | undefined {
    const row = this.database.get('SELECT * FROM app_shared_subscription WHERE topic_filter = ?', [topicFilter]);
    return row ? toSubscription(row) : undefined;
  }

  count(): number {
    return Number(this.database.get('SELECT COUNT(*) AS n FROM app_shared_subscription')?.n ?? 0);
  }

  insert(subscription: AppSharedSubscription): void {
    this.database.run(
      'INSERT INTO app_shared_subscription (id, created_time, name, topic_filter, partitions, kafka_topic) VALUES (?, ?, ?, ?, ?, ?)',
      [subscription.id, subscription.createdTime, subscription.name, subscription.topicFilter, subscription.partitions, subscription.kafkaTopic],
    );
  }

  rename(id: string, name: string): void {
    this.database.run('UPDATE app_shared_subscription SET name = ? WHERE id = ?', [name, id]);
  }

  delete(id: string): boolean {
    return this.database.run('DELETE FROM app_shared_subscription WHERE id = ?', [id]).changes > 0;
  }

  page(query: AppSharedSubscriptionPageQuery): Page<AppSharedSubscription> {
    const where = new WhereClause().contains(['name', 'topic_filter'], query.textSearch);
    const order = `${SORT_COLUMNS[query.sortProperty ?? 'createdTime']} ${query.sortOrder === 'ASC' ? 'ASC' : 'DESC'}, id`;
    return selectPage(this.database, 'app_shared_subscription', where, order, query, toSubscription);
  }
}
