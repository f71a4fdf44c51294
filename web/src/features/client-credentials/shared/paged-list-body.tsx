import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TablePager } from '../../../components/table/table-pager';
import type { PageLinkState } from '../../../components/table/use-page-link';

interface ListPage<Row> {
  data: Row[];
  totalElements: number;
  hasNext: boolean;
}

interface PagedListBodyProps<Row> {
  page: ListPage<Row> | undefined;
  pageLink: Pick<PageLinkState<string>, 'params' | 'setPage' | 'changePageSize'>;
  emptyIcon: ReactElement;
  emptyText: ReactNode;
  /** The table of the rows; called only with a page that has some. */
  children: (rows: Row[]) => ReactNode;
}

/** What a server-paged list shows below its toolbar: a spinner, its empty text, or its rows and pager. */
export function PagedListBody<Row>({ page, pageLink, emptyIcon, emptyText, children }: PagedListBodyProps<Row>) {
  const intl = useIntl();
  if (page === undefined) return <Spinner className="client-access__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  return (
    <>
      {page.data.length === 0 ? <NonIdealState icon={emptyIcon} title={emptyText} /> : children(page.data)}
      <TablePager
        page={pageLink.params.page}
        pageSize={pageLink.params.pageSize}
        totalElements={page.totalElements}
        hasNext={page.hasNext}
        onPageChange={pageLink.setPage}
        onPageSizeChange={pageLink.changePageSize}
      />
    </>
  );
}
