import { Button, HTMLTable } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { ActionsColumnHeader } from '../../../components/table/actions-column-header';
import { TOTAL_ENTITY_ID } from './alert-labels';
import { ChangeAction } from '../../../components/roles/change-action';

type MessageId = NonNullable<MessageDescriptor['id']>;

interface AlertTableProps {
  label: MessageId;
  columns: readonly MessageId[];
  /** Adds the row-actions column. */
  withActions?: boolean;
  children: ReactNode;
}

/** A dense table of the alerts section with its column headers; narrow screens scroll it sideways. */
export function AlertTable({ label, columns, withActions = false, children }: AlertTableProps) {
  const intl = useIntl();
  return (
    <div className="alerts-section__scroll">
      <HTMLTable compact striped className="alerts-section__table" aria-label={intl.formatMessage({ id: label })}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>
                <FormattedMessage id={column} />
              </th>
            ))}
            {withActions && <ActionsColumnHeader />}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** A node id, or "all nodes" for the total. */
export function EntityName({ entityId }: { entityId: string }) {
  return entityId === TOTAL_ENTITY_ID ? <FormattedMessage id="alert.entity-total" /> : <>{entityId}</>;
}

/** An icon button of a table row; its label names the row, so screen readers tell the rows apart. */
export function RowButton({ label, icon, onClick, changes = false }: { label: string; icon: ReactElement; onClick: () => void; changes?: boolean }) {
  const button = <Button variant="minimal" size="small" icon={icon} aria-label={label} title={label} onClick={onClick} />;
  // A change of the broker's rules: disabled for a read-only account.
  return changes ? <ChangeAction>{button}</ChangeAction> : button;
}
