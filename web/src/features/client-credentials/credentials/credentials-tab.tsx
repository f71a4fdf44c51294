import { Button } from '@blueprintjs/core';
import { KeyIcon, PlusIcon } from '@blueprintjs/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { getGetMqttClientCredentialsPageQueryKey, useGetMqttClientCredentialsPage } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { GetMqttClientCredentialsPageSortProperty } from '../../../api/generated/model/getMqttClientCredentialsPageSortProperty';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { ExtensionPanel } from '../../../components/broker-support/extension-panel';
import { entityLabels } from '../../../components/entity/entity-labels';
import { usePageLink } from '../../../components/table/use-page-link';
import { AnonymousAccessControl } from '../anonymous-access/anonymous-access-control';
import { CheckConnectivityDialog, type ConnectivityRequest } from '../connectivity/check-connectivity-dialog';
import { ListSearch } from '../shared/list-search';
import { PagedListBody } from '../shared/paged-list-body';
import { listOrNothing, withListParam } from '../shared/url-list-param';
import { ChangeCredentialsPasswordDialog } from './change-credentials-password-dialog';
import { CredentialsDialog } from './credentials-dialog';
import { credentialsFilterOf } from './credentials-filter';
import { CredentialsFilters } from './credentials-filters';
import { CredentialsTable } from './credentials-table';
import { DeleteCredentialsDialog } from './delete-credentials-dialog';
import { ChangeAction } from '../../../components/roles/change-action';

/** The add/edit dialog: closed, adding (null) or editing credentials. */
type EditState = { open: false } | { open: true; credentials: ShortMqttClientCredentials | null };

/** The client credentials list (issue 6): filters in the URL, search, sort, paging and the dialogs. */
export function CredentialsTab() {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = credentialsFilterOf(searchParams);
  const pageLink = usePageLink<GetMqttClientCredentialsPageSortProperty>({ property: 'createdTime', order: 'DESC' });
  const params = { ...pageLink.params, clientTypeList: listOrNothing(filter.clientTypeList), credentialsTypeList: listOrNothing(filter.credentialsTypeList) };
  const page = useGetMqttClientCredentialsPage(params, { query: { queryKey: getGetMqttClientCredentialsPageQueryKey(params), placeholderData: keepPreviousData } });
  const [edit, setEdit] = useState<EditState>({ open: false });
  const [deleting, setDeleting] = useState<ShortMqttClientCredentials | null>(null);
  const [changingPassword, setChangingPassword] = useState<ShortMqttClientCredentials | null>(null);
  const [checking, setChecking] = useState<ConnectivityRequest | null>(null);
  const rows = page.data?.data;

  const changeFilter = (name: keyof typeof filter, values: string[]) => {
    setSearchParams(withListParam(searchParams, name, values), { replace: true });
    pageLink.setPage(0);
  };

  return (
    <>
      {/* Anonymous access is the bundled broker's: a production broker decides it in its own settings. */}
      <ExtensionPanel extension="anonymousAccess" fallback={null}>
        <AnonymousAccessControl />
      </ExtensionPanel>
      <div className="client-access__toolbar">
        <ListSearch label={intl.formatMessage(entityLabels.MQTT_CLIENT_CREDENTIALS.search)} value={pageLink.searchText} onValueChange={pageLink.setSearchText} />
        <CredentialsFilters filter={filter} onChange={changeFilter} />
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} onClick={() => setEdit({ open: true, credentials: null })} data-testid="add-credentials">
            <FormattedMessage {...entityLabels.MQTT_CLIENT_CREDENTIALS.add} />
          </Button>
        </ChangeAction>
      </div>
      <PagedListBody
        page={page.data}
        pageLink={pageLink}
        emptyIcon={<KeyIcon />}
        emptyText={<FormattedMessage {...entityLabels.MQTT_CLIENT_CREDENTIALS.emptyText} />}
      >
        {(credentialsRows) => (
          <CredentialsTable
            rows={credentialsRows}
            refreshing={page.isPlaceholderData}
            sort={pageLink.sort}
            onSort={pageLink.toggleSort}
            onEdit={(credentials) => setEdit({ open: true, credentials })}
            onDelete={setDeleting}
            onChangePassword={setChangingPassword}
            onCheckConnectivity={(credentials) => setChecking({ credentials })}
          />
        )}
      </PagedListBody>
      <CredentialsDialog
        isOpen={edit.open}
        credentials={edit.open ? edit.credentials : null}
        onClose={() => setEdit({ open: false })}
        // New credentials are tried out at once, with the password just typed (issue 6, check connectivity).
        onAdded={(credentials, password) => setChecking({ credentials, password })}
      />
      <ChangeCredentialsPasswordDialog credentials={changingPassword} onClose={() => setChangingPassword(null)} />
      <DeleteCredentialsDialog
        credentials={deleting}
        onClose={() => setDeleting(null)}
        // Deleting the last row of a page shows the page before it rather than an empty one.
        onDeleted={() => rows?.length === 1 && params.page > 0 && pageLink.setPage(params.page - 1)}
      />
      <CheckConnectivityDialog request={checking} onClose={() => setChecking(null)} />
    </>
  );
}
