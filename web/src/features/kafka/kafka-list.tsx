import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DocsButton } from '../../components/docs/docs-button';
import { kafkaUnavailableOf } from '../../components/kafka/kafka-availability';
import { KafkaUnavailableState } from '../../components/kafka/kafka-unavailable-state';
import { RefreshButton } from '../../components/table/list-toolbar-buttons';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import type { PageLinkState } from '../../components/table/use-page-link';
import './kafka-pages.css';

/** Lists of the Kafka pages follow the cluster without a reload. */
export const KAFKA_REFRESH_MS = 15_000;

interface KafkaListQuery<Row> {
  data?: { data: Row[]; totalElements: number; hasNext: boolean };
  error: unknown;
  isFetching: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface KafkaListProps<Row, Property extends string> {
  query: KafkaListQuery<Row>;
  pageLink: PageLinkState<Property>;
  searchLabel: string;
  /** What an empty page says. */
  empty: ReactNode;
  children: (rows: Row[], refreshing: boolean) => ReactNode;
}

/**
 * The frame of a Kafka list page: search, refresh and help above; the table, an empty state, or why
 * Kafka cannot be shown (never a spinner that stays) below; the pager.
 */
export function KafkaList<Row, Property extends string>({ query, pageLink, searchLabel, empty, children }: KafkaListProps<Row, Property>) {
  const intl = useIntl();
  const unavailable = kafkaUnavailableOf(query.error);
  const rows = query.data?.data;
  let body: ReactNode;
  if (unavailable) body = <KafkaUnavailableState unavailable={unavailable} />;
  else if (rows) body = rows.length === 0 ? empty : children(rows, query.isPlaceholderData);
  else if (query.error) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else body = <Spinner className="kafka-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  return (
    <>
      <div className="kafka-page__toolbar">
        <SearchInput label={searchLabel} value={pageLink.searchText} onValueChange={pageLink.setSearchText} className="kafka-page__search" />
        <RefreshButton query={query} />
        <DocsButton page="kafka" />
      </div>
      {body}
      {!unavailable && query.data && query.data.totalElements > 0 && (
        <TablePager
          page={pageLink.params.page}
          pageSize={pageLink.params.pageSize}
          totalElements={query.data.totalElements}
          hasNext={query.data.hasNext}
          onPageChange={pageLink.setPage}
          onPageSizeChange={pageLink.changePageSize}
        />
      )}
    </>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <NonIdealState
      icon={<ErrorIcon />}
      title={<FormattedMessage id="kafka.load-failed" />}
      description={error instanceof Error ? error.message : String(error)}
      action={
        <Button onClick={onRetry}>
          <FormattedMessage id="kafka.try-again" />
        </Button>
      }
    />
  );
}
