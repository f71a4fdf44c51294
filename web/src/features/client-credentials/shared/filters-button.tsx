import { Button, Tag } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Popover } from '../../../components/popover/popover';

/** A toolbar button opening a list's filters, with the number of filters in use beside it. */
export function FiltersButton({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  return (
    <Popover content={<div className="client-access__filters">{children}</div>} placement="bottom-start">
      <Button icon={<FilterIcon />} endIcon={activeCount > 0 ? <Tag round intent="primary">{activeCount}</Tag> : undefined} data-testid="filters-button">
        <FormattedMessage id="filter.filters" />
      </Button>
    </Popover>
  );
}
