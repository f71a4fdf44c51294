import { Button } from '@blueprintjs/core';
import { BanCircleIcon, PlusIcon } from '@blueprintjs/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetBlockedClientsPageQueryKey, useDeleteBlockedClient, useGetBlockedClientsPage } from '../../../api/generated/endpoints/blocked-client/blocked-client';
import type { BlockedClient } from '../../../api/generated/model/blockedClient';
import { BlockedClientType } from '../../../api/generated/model/blockedClientType';
import type { GetBlockedClientsPageSortProperty } from '../../../api/generated/model/getBlockedClientsPageSortProperty';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { usePageLink } from '../../../components/table/use-page-link';
import { showToast } from '../../../components/toast/toast-store';
import { CheckboxListFilter } from '../shared/checkbox-list-filter';
import { FiltersButton } from '../shared/filters-button';
import { ListSearch } from '../shared/list-search';
import { PagedListBody } from '../shared/paged-list-body';
import { listOrNothing } from '../shared/url-list-param';
import { blockedTypeLabels } from './blocked-client-labels';
import { BlockedClientsTable } from './blocked-clients-table';
import { ChangeAction } from '../../../components/roles/change-action';

/**
 * Blocked clients (BROKER-API.md): refused at CONNECT while active; listed, filtered by type, added
 * and deleted. There is no status filter: production brokers take none (the status shows per row).
 */
export function BlockedClientsTab({ onAdd }: { onAdd: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // Soonest expiry first, never-expiring ones last, as production brokers order them by default.
  const pageLink = usePageLink<GetBlockedClientsPageSortProperty>({ property: 'expirationTime', order: 'ASC' });
  const [typeList, setTypeList] = useState<BlockedClientType[]>([]);
  const [deleting, setDeleting] = useState<BlockedClient | null>(null);
  const params = { ...pageLink.params, typeList: listOrNothing(typeList) };
  const page = useGetBlockedClientsPage(params, { query: { queryKey: getGetBlockedClientsPageQueryKey(params), placeholderData: keepPreviousData } });
  const remove = useDeleteBlockedClient<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'blocked-client.deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetBlockedClientsPageQueryKey() });
      },
      onSettled: () => setDeleting(null),
    },
  });
  const types = Object.values(BlockedClientType).map((value) => ({ value, label: intl.formatMessage({ id: blockedTypeLabels[value] }) }));
  const filterChange =
    <Value,>(set: (values: Value[]) => void) =>
    (values: Value[]) => {
      set(values);
      pageLink.setPage(0);
    };

  return (
    <>
      <div className="client-access__toolbar">
        <ListSearch label={intl.formatMessage({ id: 'blocked-client.search' })} value={pageLink.searchText} onValueChange={pageLink.setSearchText} />
        <FiltersButton activeCount={typeList.length}>
          <CheckboxListFilter label={intl.formatMessage({ id: 'blocked-client.type' })} choices={types} selected={typeList} onChange={filterChange(setTypeList)} />
        </FiltersButton>
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} onClick={onAdd} data-testid="add-blocked-client">
            <FormattedMessage id="blocked-client.add" />
          </Button>
        </ChangeAction>
      </div>
      <PagedListBody
        page={page.data}
        pageLink={pageLink}
        emptyIcon={<BanCircleIcon />}
        emptyText={<FormattedMessage id="blocked-client.no-blocked-clients-text" />}
      >
        {(rows) => <BlockedClientsTable rows={rows} refreshing={page.isPlaceholderData} sort={pageLink.sort} onSort={pageLink.toggleSort} onDelete={setDeleting} />}
      </PagedListBody>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={<FormattedMessage id="blocked-client.delete-title" values={{ value: deleting?.value }} />}
        message={<FormattedMessage id="blocked-client.delete-text" />}
        okLabel={<FormattedMessage id="action.delete" />}
        intent="danger"
        loading={remove.isPending}
        // A REGEX entry is named with its target as well.
        onConfirm={() => deleting && remove.mutate({ params: { type: deleting.type, value: deleting.value, ...(deleting.regexMatchTarget ? { regexMatchTarget: deleting.regexMatchTarget } : {}) } })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
