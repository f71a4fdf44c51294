import { Button, Tag } from '@blueprintjs/core';
import { FilterIcon, RefreshIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './table.css';

/** Opens and closes a list's filter panel; shows how many filters are active. */
export function FilterToggleButton({ open, onToggle, activeCount, testId, children }: { open: boolean; onToggle: () => void; activeCount: number; testId: string; children: ReactNode }) {
  return (
    <Button icon={<FilterIcon />} active={open} onClick={onToggle} aria-expanded={open} data-testid={testId}>
      {children}
      {activeCount > 0 && (
        <Tag round intent="primary" className="list-toolbar__filter-count">
          {activeCount}
        </Tag>
      )}
    </Button>
  );
}

/** Fetches a list again; spins while a refetch (not the first load) runs. */
export function RefreshButton({ query }: { query: { isFetching: boolean; isPending: boolean; refetch: () => unknown } }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'action.refresh' });
  return <Button variant="minimal" icon={<RefreshIcon />} loading={query.isFetching && !query.isPending} aria-label={label} title={label} onClick={() => void query.refetch()} />;
}
