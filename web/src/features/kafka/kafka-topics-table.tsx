import { HTMLTable } from '@blueprintjs/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { GetKafkaTopicsSortProperty } from '../../api/generated/model/getKafkaTopicsSortProperty';
import type { KafkaTopic } from '../../api/generated/model/kafkaTopic';
import { DataSizeText } from '../../components/format/data-size-text';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';

interface KafkaTopicsTableProps {
  topics: KafkaTopic[];
  refreshing: boolean;
  sort: SortState<GetKafkaTopicsSortProperty>;
  onSort: (property: GetKafkaTopicsSortProperty) => void;
}

const COLUMNS = [
  ['name', 'kafka.topic-name'],
  ['partitions', 'kafka.partitions'],
  ['replicationFactor', 'kafka.replication-factor'],
  ['size', 'kafka.size'],
] as const;

/** BROKER-API.md, Kafka topics: name, partitions, replication factor and size, each column sortable. */
export function KafkaTopicsTable({ topics, refreshing, sort, onSort }: KafkaTopicsTableProps) {
  return (
    <div className="kafka-table__scroll">
      <HTMLTable compact striped className={refreshing ? 'kafka-table kafka-table--refreshing' : 'kafka-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {COLUMNS.map(([property, label]) => (
              <SortableColumnHeader key={property} property={property} sort={sort} onSort={onSort}>
                <FormattedMessage id={label} />
              </SortableColumnHeader>
            ))}
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <tr key={topic.name} data-testid="kafka-topic-row">
              <td className="kafka-table__name">{topic.name}</td>
              <td className="kafka-table__number">
                <FormattedNumber value={topic.partitions} />
              </td>
              <td className="kafka-table__number">
                <FormattedNumber value={topic.replicationFactor} />
              </td>
              <td className="kafka-table__number" title={`${topic.size}`}>
                <DataSizeText bytes={topic.size} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
