import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { ActionsColumnHeader } from '../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';

interface KafkaTableProps<Property extends string> {
  /** The sortable columns in the order they show: the sort property and the heading. */
  columns: readonly (readonly [Property, MessageDescriptor['id']])[];
  sort: SortState<Property>;
  onSort: (property: Property) => void;
  /** The rows are those of the previous page or search while the next load: dimmed. */
  refreshing: boolean;
  /** A last column of row buttons. */
  withActions?: boolean;
  children: ReactNode;
}

/** The dense table of a Kafka list page, every column sortable. */
export function KafkaTable<Property extends string>({ columns, sort, onSort, refreshing, withActions = false, children }: KafkaTableProps<Property>) {
  return (
    <div className="kafka-table__scroll">
      <HTMLTable compact striped className={refreshing ? 'kafka-table kafka-table--refreshing' : 'kafka-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {columns.map(([property, label]) => (
              <SortableColumnHeader key={property} property={property} sort={sort} onSort={onSort}>
                <FormattedMessage id={label} />
              </SortableColumnHeader>
            ))}
            {withActions && <ActionsColumnHeader />}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}
