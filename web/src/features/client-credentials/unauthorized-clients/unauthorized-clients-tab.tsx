import { Button } from '@blueprintjs/core';
import { ShieldIcon, TrashIcon } from '@blueprintjs/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import {
  getGetUnauthorizedClientsPageQueryKey,
  useDeleteUnauthorizedClients,
  useGetUnauthorizedClientsPage,
} from '../../../api/generated/endpoints/unauthorized-client/unauthorized-client';
import type { GetUnauthorizedClientsPageSortProperty } from '../../../api/generated/model/getUnauthorizedClientsPageSortProperty';
import type { UnauthorizedClient } from '../../../api/generated/model/unauthorizedClient';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { usePageLink } from '../../../components/table/use-page-link';
import { showToast } from '../../../components/toast/toast-store';
import { CheckboxListFilter } from '../shared/checkbox-list-filter';
import { FiltersButton } from '../shared/filters-button';
import { ListSearch } from '../shared/list-search';
import { PagedListBody } from '../shared/paged-list-body';
import { listOrNothing } from '../shared/url-list-param';
import { UnauthorizedClientsTable } from './unauthorized-clients-table';
import { ChangeAction } from '../../../components/roles/change-action';

/** What the delete confirmation is about: one client's entry or the whole log. */
type Deleting = { all: true } | { all: false; client: UnauthorizedClient };

/** The unauthorized-client log (BROKER-API.md): refused CONNECTs, filtered, deleted one by one or all. */
export function UnauthorizedClientsTab({ onBlock }: { onBlock: (client: UnauthorizedClient) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const pageLink = usePageLink<GetUnauthorizedClientsPageSortProperty>({ property: 'ts', order: 'DESC' });
  const [passwordProvidedList, setPasswordProvidedList] = useState<boolean[]>([]);
  const [tlsUsedList, setTlsUsedList] = useState<boolean[]>([]);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const params = { ...pageLink.params, passwordProvidedList: listOrNothing(passwordProvidedList), tlsUsedList: listOrNothing(tlsUsedList) };
  const page = useGetUnauthorizedClientsPage(params, { query: { queryKey: getGetUnauthorizedClientsPageQueryKey(params), placeholderData: keepPreviousData } });
  const remove = useDeleteUnauthorizedClients<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'unauthorized-client.deleted' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetUnauthorizedClientsPageQueryKey() });
        pageLink.setPage(0);
      },
      onSettled: () => setDeleting(null),
    },
  });
  const yesNo = [
    { value: true, label: intl.formatMessage({ id: 'common.yes' }) },
    { value: false, label: intl.formatMessage({ id: 'common.no' }) },
  ];
  const filterChange = (set: (values: boolean[]) => void) => (values: boolean[]) => {
    set(values);
    pageLink.setPage(0);
  };

  return (
    <>
      <div className="client-access__toolbar">
        <ListSearch label={intl.formatMessage({ id: 'unauthorized-client.search' })} value={pageLink.searchText} onValueChange={pageLink.setSearchText} />
        <FiltersButton activeCount={passwordProvidedList.length + tlsUsedList.length}>
          <CheckboxListFilter label={intl.formatMessage({ id: 'unauthorized-client.password-provided' })} choices={yesNo} selected={passwordProvidedList} onChange={filterChange(setPasswordProvidedList)} />
          <CheckboxListFilter label={intl.formatMessage({ id: 'unauthorized-client.tls-used' })} choices={yesNo} selected={tlsUsedList} onChange={filterChange(setTlsUsedList)} />
        </FiltersButton>
        <ChangeAction>
          <Button intent="danger" variant="outlined" icon={<TrashIcon />} disabled={!page.data?.totalElements} onClick={() => setDeleting({ all: true })}>
            <FormattedMessage id="unauthorized-client.delete-all" />
          </Button>
        </ChangeAction>
      </div>
      <PagedListBody
        page={page.data}
        pageLink={pageLink}
        emptyIcon={<ShieldIcon />}
        emptyText={<FormattedMessage id="unauthorized-client.no-unauthorized-clients-text" />}
      >
        {(rows) => (
          <UnauthorizedClientsTable
            rows={rows}
            refreshing={page.isPlaceholderData}
            sort={pageLink.sort}
            onSort={pageLink.toggleSort}
            onDelete={(client) => setDeleting({ all: false, client })}
            onBlock={onBlock}
          />
        )}
      </PagedListBody>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={<FormattedMessage id={deleting?.all ? 'unauthorized-client.delete-all-title' : 'unauthorized-client.delete-title'} values={{ clientId: deleting && !deleting.all ? deleting.client.clientId : '' }} />}
        message={<FormattedMessage id={deleting?.all ? 'unauthorized-client.delete-all-text' : 'unauthorized-client.delete-text'} />}
        okLabel={<FormattedMessage id="action.delete" />}
        intent="danger"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ params: deleting.all ? {} : { clientId: deleting.client.clientId } })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
