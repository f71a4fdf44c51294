import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { getGetEventsQueryKey, useClearEvents, useGetEvents } from '../../api/generated/endpoints/integration/integration';
import type { EventInfo } from '../../api/generated/model/eventInfo';
import type { EventInfoType } from '../../api/generated/model/eventInfoType';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { RefreshButton } from '../../components/table/list-toolbar-buttons';
import { TablePager } from '../../components/table/table-pager';
import { DEFAULT_PAGE_SIZE } from '../../components/table/use-page-link';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';
import { ChangeAction } from '../../components/roles/change-action';

type EventColumn = 'integration.events.time' | 'integration.events.server' | 'integration.events.event' | 'integration.events.method' | 'integration.events.error' | 'integration.events.processed' | 'integration.events.errors-occurred' | 'integration.events.retried' | 'integration.events.dropped' | 'integration.backlog';

const COLUMNS: Record<EventInfoType, EventColumn[]> = {
  LC_EVENT: ['integration.events.time', 'integration.events.server', 'integration.events.event', 'integration.events.error'],
  ERROR: ['integration.events.time', 'integration.events.server', 'integration.events.method', 'integration.events.error'],
  STATS: ['integration.events.time', 'integration.events.server', 'integration.events.processed', 'integration.events.errors-occurred', 'integration.events.retried', 'integration.events.dropped', 'integration.backlog'],
};

const count = (value: number | undefined) => (value === undefined ? '' : <FormattedNumber value={value} />);

function cells(event: EventInfo): Record<EventColumn, ReactNode> {
  const body = event.body;
  return {
    'integration.events.time': <FormattedDate value={event.createdTime} dateStyle="short" timeStyle="medium" />,
    'integration.events.server': body.server,
    'integration.events.event': body.event === undefined ? '' : `${body.event}${body.success === false ? ' ✗' : ''}`,
    'integration.events.method': body.method,
    'integration.events.error': body.error,
    'integration.events.processed': count(body.messagesProcessed),
    'integration.events.errors-occurred': count(body.errorsOccurred),
    'integration.events.retried': count(body.messagesRetried),
    'integration.events.dropped': count(body.messagesDropped),
    'integration.backlog': count(body.backlog),
  };
}

/** New events show while the panel is open, without pressing refresh. */
const EVENTS_REFRESH_MS = 10_000;

/** One type of an integration's events, newest first, paged; cleared after a confirmation. */
export function IntegrationEvents({ integrationId, eventType }: { integrationId: string; eventType: EventInfoType }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [clearing, setClearing] = useState(false);
  const params = { page, pageSize, sortProperty: 'createdTime', sortOrder: 'DESC' } as const;
  const events = useGetEvents(integrationId, eventType, params, { query: { queryKey: getGetEventsQueryKey(integrationId, eventType, params), placeholderData: keepPreviousData, refetchInterval: EVENTS_REFRESH_MS } });
  const clear = useClearEvents<ApiError>({
    mutation: {
      onSuccess: () => {
        setPage(0);
        void queryClient.invalidateQueries({ queryKey: getGetEventsQueryKey(integrationId, eventType) });
      },
      onError: (error) => showToast({ message: plainTextToastMessage(error.message), type: 'error' }),
      onSettled: () => setClearing(false),
    },
    request: { ignoreErrors: true },
  });
  const rows = events.data?.data ?? [];
  return (
    <div data-testid={`integration-events-${eventType}`}>
      <div className="integration-events__toolbar">
        <RefreshButton query={events} />
        <ChangeAction>
          <Button icon={<TrashIcon />} variant="minimal" intent="danger" disabled={rows.length === 0} onClick={() => setClearing(true)}>
            <FormattedMessage id="integration.events.clear" />
          </Button>
        </ChangeAction>
      </div>
      {rows.length === 0 ? (
        <NonIdealState title={<FormattedMessage id="integration.events.none" />} />
      ) : (
        <div className="integrations__scroll">
          <HTMLTable compact striped className="integration-events">
            <thead>
              <tr>
                {COLUMNS[eventType].map((column) => (
                  <th key={column}>
                    <FormattedMessage id={column} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => {
                const values = cells(event);
                return (
                  <tr key={event.id} data-testid="integration-event-row">
                    {COLUMNS[eventType].map((column) => (
                      <td key={column}>{values[column]}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {events.data && events.data.totalElements > 0 && (
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
      )}
      <ConfirmDialog
        isOpen={clearing}
        title={<FormattedMessage id="integration.events.clear-title" />}
        message={<FormattedMessage id="integration.events.clear-text" />}
        okLabel={<FormattedMessage id="integration.events.clear" />}
        intent="danger"
        loading={clear.isPending}
        onConfirm={() => clear.mutate({ entityId: integrationId, data: { eventType } })}
        onCancel={() => setClearing(false)}
      />
    </div>
  );
}
