import { Button, HTMLSelect } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_SIZES } from './use-page-link';
import './table.css';

interface TablePagerProps {
  page: number;
  pageSize: number;
  totalElements: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Page size choice, "21–40 of 57", previous and next page: the foot of a server-paged list. */
export function TablePager({ page, pageSize, totalElements, hasNext, onPageChange, onPageSizeChange }: TablePagerProps) {
  const intl = useIntl();
  const pageSizeId = useId();
  const first = totalElements === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(totalElements, (page + 1) * pageSize);
  return (
    <div className="table-pager">
      <div className="table-pager__size">
        <label htmlFor={pageSizeId}>
          <FormattedMessage id="paginator.items-per-page" />
        </label>
        <HTMLSelect id={pageSizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))} minimal>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <span data-testid="table-pager-range">
        <FormattedMessage id="paginator.range" values={{ first, last, total: totalElements }} />
      </span>
      <Button
        variant="minimal"
        icon={<ChevronLeftIcon />}
        aria-label={intl.formatMessage({ id: 'paginator.previous-page' })}
        disabled={page === 0}
        onClick={() => onPageChange(page - 1)}
      />
      <Button
        variant="minimal"
        icon={<ChevronRightIcon />}
        aria-label={intl.formatMessage({ id: 'paginator.next-page' })}
        disabled={!hasNext}
        onClick={() => onPageChange(page + 1)}
      />
    </div>
  );
}
