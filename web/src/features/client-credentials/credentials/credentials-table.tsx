import { EditIcon, KeyIcon, PulseIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { GetMqttClientCredentialsPageSortProperty } from '../../../api/generated/model/getMqttClientCredentialsPageSortProperty';
import type { ShortMqttClientCredentials } from '../../../api/generated/model/shortMqttClientCredentials';
import { ClientTypeTag } from '../../../components/client-type/client-type-tag';
import type { SortState } from '../../../components/table/use-page-link';
import { type ListColumn, ListTable } from '../shared/list-table';
import { RowActionButton } from '../shared/row-action-button';
import { credentialsTypeLabels } from './credentials-filter';
import { TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';

type SortProperty = GetMqttClientCredentialsPageSortProperty;

const COLUMNS: ListColumn<SortProperty>[] = [
  { label: 'mqtt-client-credentials.created-time', sortBy: 'createdTime' },
  { label: 'mqtt-client-credentials.name', sortBy: 'name' },
  { label: 'mqtt-client-credentials.credentials-type', sortBy: 'credentialsType' },
  { label: 'mqtt-client-credentials.client-type', sortBy: 'clientType' },
];

export interface CredentialsRowActions {
  onEdit: (credentials: ShortMqttClientCredentials) => void;
  onDelete: (credentials: ShortMqttClientCredentials) => void;
  onChangePassword: (credentials: ShortMqttClientCredentials) => void;
  onCheckConnectivity: (credentials: ShortMqttClientCredentials) => void;
}

interface CredentialsTableProps extends CredentialsRowActions {
  rows: ShortMqttClientCredentials[];
  refreshing: boolean;
  sort: SortState<SortProperty>;
  onSort: (property: SortProperty) => void;
}

/** Issue 6: created, name, credentials type and client type (with its colours and icon). */
export function CredentialsTable({ rows, refreshing, sort, onSort, ...actions }: CredentialsTableProps) {
  const intl = useIntl();
  return (
    <ListTable columns={COLUMNS} sort={sort} onSort={onSort} refreshing={refreshing} label={intl.formatMessage({ id: 'mqtt-client-credentials.list' })}>
      {rows.map((credentials) => {
        const label = (
          id: 'mqtt-client-credentials.check-connectivity' | 'mqtt-client-credentials.change-password' | 'mqtt-client-credentials.edit' | 'mqtt-client-credentials.delete',
        ) => intl.formatMessage({ id }, { name: credentials.name });
        return (
          <tr key={credentials.id} data-testid="credentials-row" onDoubleClick={() => actions.onEdit(credentials)}>
            <td>
              <FormattedDate value={credentials.createdTime} dateStyle="medium" timeStyle="short" />
            </td>
            <td>{credentials.name}</td>
            <td>
              <FormattedMessage id={credentialsTypeLabels[credentials.credentialsType]} />
            </td>
            <td>
              <ClientTypeTag clientType={credentials.clientType} />
            </td>
            <td className={TABLE_ACTIONS_CLASS}>
              <RowActionButton label={label('mqtt-client-credentials.check-connectivity')} icon={<PulseIcon />} onClick={() => actions.onCheckConnectivity(credentials)} />
              {/* Only MQTT_BASIC credentials have a password to change here (openapi.yaml, changeMqttClientPassword); SCRAM ones get a new one in their form. */}
              {credentials.credentialsType === 'MQTT_BASIC' && (
                <RowActionButton label={label('mqtt-client-credentials.change-password')} icon={<KeyIcon />} onClick={() => actions.onChangePassword(credentials)} changes />
              )}
              <RowActionButton label={label('mqtt-client-credentials.edit')} icon={<EditIcon />} onClick={() => actions.onEdit(credentials)} />
              <RowActionButton label={label('mqtt-client-credentials.delete')} icon={<TrashIcon />} onClick={() => actions.onDelete(credentials)} changes />
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
