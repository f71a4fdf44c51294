import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { EditIcon, InfoSignIcon, TrashIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { GetIntegrationsSortProperty } from '../../api/generated/model/getIntegrationsSortProperty';
import type { Integration } from '../../api/generated/model/integration';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../components/table/sortable-column-header';
import type { SortState } from '../../components/table/use-page-link';
import { IntegrationStatusTag } from './integration-status';
import { ChangeAction } from '../../components/roles/change-action';

interface IntegrationsTableProps {
  integrations: Integration[];
  refreshing: boolean;
  /** The broker lists extension integrationDelivery: the delivery columns show. */
  withDelivery: boolean;
  sort: SortState<GetIntegrationsSortProperty>;
  onSort: (property: GetIntegrationsSortProperty) => void;
  onOpen: (integration: Integration) => void;
  onEdit: (integration: Integration) => void;
  onDelete: (integration: Integration) => void;
}

type RowAction = 'integration.details-of' | 'integration.edit-of' | 'integration.delete-of';

/** Name, type, status and topic filters; with Starling's delivery view, its state and counters. */
export function IntegrationsTable({ integrations, refreshing, withDelivery, sort, onSort, onOpen, onEdit, onDelete }: IntegrationsTableProps) {
  const intl = useIntl();
  const header = (property: GetIntegrationsSortProperty, label: 'integration.name' | 'integration.type' | 'integration.status') => (
    <SortableColumnHeader property={property} sort={sort} onSort={onSort}>
      <FormattedMessage id={label} />
    </SortableColumnHeader>
  );
  const plain = (label: 'integration.topic-filters' | 'integration.delivery-state' | 'integration.sent' | 'integration.failed' | 'integration.backlog' | 'integration.dropped') => (
    <th key={label}>
      <FormattedMessage id={label} />
    </th>
  );
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="integrations__scroll">
      <HTMLTable compact striped interactive className={refreshing ? 'integrations integrations--refreshing' : 'integrations'} aria-busy={refreshing}>
        <thead>
          <tr>
            {header('name', 'integration.name')}
            {header('type', 'integration.type')}
            {header('enabled', 'integration.status')}
            {plain('integration.topic-filters')}
            {withDelivery && ['integration.delivery-state', 'integration.sent', 'integration.failed', 'integration.backlog', 'integration.dropped'].map((label) => plain(label as Parameters<typeof plain>[0]))}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {integrations.map((integration) => {
            const action = (label: RowAction, icon: ReactElement, onClick: () => void, changes = false) => {
              const text = intl.formatMessage({ id: label }, { name: integration.name });
              const button = (
                <Button
                  variant="minimal"
                  size="small"
                  icon={icon}
                  aria-label={text}
                  title={text}
                  onClick={(event) => {
                    event.stopPropagation();
                    onClick();
                  }}
                />
              );
              return changes ? <ChangeAction>{button}</ChangeAction> : button;
            };
            const delivery = integration.delivery;
            return (
              <tr key={integration.id} data-testid="integration-row" onClick={() => onOpen(integration)}>
                <td className="integrations__name">{integration.name}</td>
                <td>{integration.type}</td>
                <td>
                  <IntegrationStatusTag integration={integration} />
                </td>
                <td>
                  {integration.configuration.topicFilters.map((filter) => (
                    <Tag key={filter} minimal className="integrations__filter">
                      {filter}
                    </Tag>
                  ))}
                </td>
                {withDelivery && (
                  <>
                    <td>{delivery && <FormattedMessage id={`integration.state.${delivery.state}`} />}</td>
                    <td data-testid="integration-sent">{delivery && <FormattedNumber value={delivery.sent} />}</td>
                    <td>{delivery && <FormattedNumber value={delivery.failed} />}</td>
                    <td data-testid="integration-backlog">{delivery && <FormattedNumber value={delivery.backlogMessages} />}</td>
                    <td>{delivery && (delivery.dropped > 0 ? <Tag intent="danger"><FormattedNumber value={delivery.dropped} /></Tag> : <FormattedNumber value={0} />)}</td>
                  </>
                )}
                <td className={TABLE_ACTIONS_CLASS}>
                  {action('integration.details-of', <InfoSignIcon />, () => onOpen(integration))}
                  {action('integration.edit-of', <EditIcon />, () => onEdit(integration))}
                  {action('integration.delete-of', <TrashIcon />, () => onDelete(integration), true)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
