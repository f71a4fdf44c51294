import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { SortableColumnHeader } from '../../../components/table/sortable-column-header';
import type { SortState } from '../../../components/table/use-page-link';
import { ActionsColumnHeader } from '../../../components/table/actions-column-header';

export interface ListColumn<Property extends string> {
  label: NonNullable<MessageDescriptor['id']>;
  /** Sorts the list when given. */
  sortBy?: Property;
}

interface ListTableProps<Property extends string> {
  columns: readonly ListColumn<Property>[];
  sort: SortState<Property>;
  onSort: (property: Property) => void;
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  label?: string;
  children: ReactNode;
}

/** A dense list table with its column headers (sortable where the broker sorts) and an actions column. */
export function ListTable<Property extends string>({ columns, sort, onSort, refreshing, label, children }: ListTableProps<Property>) {
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="client-access__scroll">
      <HTMLTable compact striped className={refreshing ? 'client-access__table client-access__table--refreshing' : 'client-access__table'} aria-busy={refreshing} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sortBy ? (
                <SortableColumnHeader key={column.label} property={column.sortBy} sort={sort} onSort={onSort}>
                  <FormattedMessage id={column.label} />
                </SortableColumnHeader>
              ) : (
                <th key={column.label}>
                  <FormattedMessage id={column.label} />
                </th>
              ),
            )}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}
