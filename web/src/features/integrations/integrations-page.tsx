import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { PlusIcon, SendToGraphIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetIntegrationsQueryKey, useGetIntegrations } from '../../api/generated/endpoints/integration/integration';
import type { GetIntegrationsSortProperty } from '../../api/generated/model/getIntegrationsSortProperty';
import type { Integration } from '../../api/generated/model/integration';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { RefreshButton } from '../../components/table/list-toolbar-buttons';
import { SearchInput } from '../../components/table/search-input';
import { TablePager } from '../../components/table/table-pager';
import { usePageLink } from '../../components/table/use-page-link';
import { DeleteIntegrationDialog } from './delete-integration-dialog';
import { IntegrationDetailsDialog } from './integration-details';
import { IntegrationDialog } from './integration-dialog';
import { IntegrationsTable } from './integrations-table';
import './integrations-page.css';
import { ChangeAction } from '../../components/roles/change-action';

type EditState = { open: false } | { open: true; integration: Integration | null };

/** How often the list asks again while shown: the delivery counters move with the traffic. */
const REFRESH_MS = 5000;

/** /integrations: where the broker sends matching messages onward (HTTP, MQTT, Kafka). */
export default function IntegrationsPage() {
  const intl = useIntl();
  const pageLink = usePageLink<GetIntegrationsSortProperty>({ property: 'createdTime', order: 'DESC' });
  const { params } = pageLink;
  const withDelivery = useExtension('integrationDelivery') === 'available';
  const list = useGetIntegrations(params, { query: { queryKey: getGetIntegrationsQueryKey(params), placeholderData: keepPreviousData, refetchInterval: withDelivery ? REFRESH_MS : false } });
  const [edit, setEdit] = useState<EditState>({ open: false });
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = list.data?.data;

  return (
    <Card className="integrations-page">
      <div className="integrations-page__toolbar">
        <SearchInput label={intl.formatMessage({ id: 'integration.search' })} value={pageLink.searchText} onValueChange={pageLink.setSearchText} className="integrations-page__search" />
        <RefreshButton query={list} />
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} className="integrations-page__add" onClick={() => setEdit({ open: true, integration: null })} data-testid="add-integration">
            <FormattedMessage id="integration.add" />
          </Button>
        </ChangeAction>
      </div>
      {rows === undefined ? (
        <Spinner className="integrations-page__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />
      ) : rows.length === 0 ? (
        <NonIdealState
          icon={<SendToGraphIcon />}
          title={<FormattedMessage id={params.textSearch ? 'integration.none-found' : 'integration.none-yet'} />}
          description={params.textSearch ? undefined : <FormattedMessage id="integration.none-yet-hint" />}
        />
      ) : (
        <IntegrationsTable
          integrations={rows}
          refreshing={list.isPlaceholderData}
          withDelivery={withDelivery}
          sort={pageLink.sort}
          onSort={pageLink.toggleSort}
          onOpen={(integration) => setOpenId(integration.id ?? null)}
          onEdit={(integration) => setEdit({ open: true, integration })}
          onDelete={setDeleting}
        />
      )}
      {list.data && list.data.totalElements > 0 && (
        <TablePager page={params.page} pageSize={params.pageSize} totalElements={list.data.totalElements} hasNext={list.data.hasNext} onPageChange={pageLink.setPage} onPageSizeChange={pageLink.changePageSize} />
      )}
      <IntegrationDialog isOpen={edit.open} integration={edit.open ? edit.integration : null} onClose={() => setEdit({ open: false })} />
      <IntegrationDetailsDialog integrationId={openId} withDelivery={withDelivery} onClose={() => setOpenId(null)} onEdit={(integration) => setEdit({ open: true, integration })} onDelete={setDeleting} />
      <DeleteIntegrationDialog
        integration={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (deleting?.id === openId) setOpenId(null);
          if (rows?.length === 1 && params.page > 0) pageLink.setPage(params.page - 1);
        }}
      />
    </Card>
  );
}
