import { Button } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { SortState } from './use-page-link';

interface SortableColumnHeaderProps<Property extends string> {
  property: Property;
  sort: SortState<Property>;
  onSort: (property: Property) => void;
  children: ReactNode;
}

/** A column header that sorts the list by its column; screen readers hear the order via aria-sort. */
export function SortableColumnHeader<Property extends string>({ property, sort, onSort, children }: SortableColumnHeaderProps<Property>) {
  const active = sort.property === property;
  const ascending = sort.order === 'ASC';
  const icon = !active ? <DoubleCaretVerticalIcon /> : ascending ? <ChevronUpIcon /> : <ChevronDownIcon />;
  return (
    <th aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'} className="sortable-column-header">
      <Button variant="minimal" size="small" endIcon={icon} onClick={() => onSort(property)} data-testid={`sort-by-${property}`}>
        {children}
      </Button>
    </th>
  );
}
