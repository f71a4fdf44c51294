import { HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetClientEventsQueryKey, useGetClientEvents } from '../../../api/generated/endpoints/client-session/client-session';
import type { ClientEvent } from '../../../api/generated/model/clientEvent';
import type { ClientEventType } from '../../../api/generated/model/clientEventType';
import { formatTimeAgo } from '../../../components/format/time-ago';
import { ColumnHeaders } from '../../../components/table/column-headers';
import { DEFAULT_PAGE_SIZE } from '../../../components/table/use-page-link';
import { TablePager } from '../../../components/table/table-pager';
import { ClientEventReason } from './client-event-reason';
import { mqttVersionName } from '../../../components/mqtt/mqtt-version';
import { SESSIONS_REFRESH_MS } from '../list/use-sessions-list';

const COLUMN_LABELS = ['session.event-time', 'session.event', 'session.event-details'] as const;

const EVENT_INTENTS: Record<ClientEventType, 'success' | 'none' | 'warning' | 'danger'> = {
  CONNECTED: 'success',
  DISCONNECTED: 'none',
  TAKEN_OVER: 'warning',
  KEEP_ALIVE_TIMEOUT: 'warning',
  AUTHENTICATION_FAILED: 'danger',
  SESSION_EXPIRED: 'none',
};

function EventDetails({ event }: { event: ClientEvent }) {
  if (event.type === 'CONNECTED') {
    return <FormattedMessage id="session.event-connected-from" values={{ address: event.address ?? '', version: event.protocolVersion === undefined ? '' : mqttVersionName(event.protocolVersion) }} />;
  }
  return event.reasonCode !== undefined || event.reason || event.initiator ? <ClientEventReason event={event} /> : null;
}

/** A client's event history, newest first (issue 7): connections, disconnections and why. */
export function SessionEvents({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const params = { clientId, page, pageSize, sortOrder: 'DESC' as const };
  const events = useGetClientEvents(params, {
    query: { queryKey: getGetClientEventsQueryKey(params), placeholderData: keepPreviousData, refetchInterval: SESSIONS_REFRESH_MS },
    request: { ignoreLoading: true },
  });
  if (!events.data) return <Spinner aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (events.data.totalElements === 0) return <NonIdealState title={<FormattedMessage id="session.no-events" />} />;
  return (
    <>
      <div className="sessions-table__scroll">
        <HTMLTable compact striped className="session-events">
          <thead>
            <tr>
              <ColumnHeaders labels={COLUMN_LABELS} />
            </tr>
          </thead>
          <tbody>
            {events.data.data.map((event, index) => (
              <tr key={`${event.ts}-${index}`} data-testid="session-event">
                <td className="sessions-table__nowrap" title={intl.formatDate(event.ts, { dateStyle: 'medium', timeStyle: 'medium' })}>
                  {formatTimeAgo(intl, event.ts)}
                </td>
                <td>
                  <Tag minimal intent={EVENT_INTENTS[event.type]}>
                    <FormattedMessage id={`session.event-${event.type}`} />
                  </Tag>
                </td>
                <td>
                  <EventDetails event={event} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <TablePager
        page={page}
        pageSize={pageSize}
        totalElements={events.data.totalElements}
        hasNext={events.data.hasNext}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
    </>
  );
}
