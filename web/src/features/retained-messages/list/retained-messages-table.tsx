import { Button, Checkbox, HTMLTable } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { RetainedMessageInfo } from '../../../api/generated/model/retainedMessageInfo';
import type { RetainedMessageSortProperty } from '../../../api/generated/model/retainedMessageSortProperty';
import { DataSizeText } from '../../../components/format/data-size-text';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { SortableColumnHeader } from '../../../components/table/sortable-column-header';
import type { SortState } from '../../../components/table/use-page-link';
import { PRODUCTION_SORT_PROPERTIES } from '../retained-filter';
import { userPropertyPairs } from '../retained-payload';
import { PayloadPreviewCell } from './payload-preview-cell';
import { ChangeAction } from '../../../components/roles/change-action';

/** The columns of the retained messages list (issue 14), in the order they show. */
const COLUMNS = [
  ['topic', 'retained-message.topic'],
  ['qos', 'retained-message.qos'],
  ['payload', 'retained-message.payload'],
  ['payloadSize', 'retained-message.size'],
  ['createdTime', 'retained-message.created'],
  ['userPropertiesCount', 'retained-message.user-properties-column'],
] as const satisfies readonly (readonly [RetainedMessageSortProperty, string])[];

interface RetainedMessagesTableProps {
  messages: RetainedMessageInfo[];
  /** The broker sorts by Starling's own properties too (payload, size, user properties). */
  starlingSorts: boolean;
  /** Rows can be ticked for a bulk delete (the retainedBulkDelete extension). */
  selectable: boolean;
  /** A newer page is on its way: the rows shown are the previous ones. */
  refreshing: boolean;
  sort: SortState<RetainedMessageSortProperty>;
  onSort: (property: RetainedMessageSortProperty) => void;
  selection: ReadonlySet<string>;
  onToggle: (topic: string) => void;
  onToggleAll: () => void;
  onOpen: (topic: string) => void;
  onDelete: (topic: string) => void;
}

/** Date over time: two short lines keep the seven columns within a laptop's width. */
function Moment({ value }: { value: number }) {
  const intl = useIntl();
  return (
    <>
      <span className="retained-table__date">{intl.formatDate(value, { dateStyle: 'short' })}</span>
      <span className="retained-table__date">{intl.formatTime(value, { timeStyle: 'medium' })}</span>
    </>
  );
}

/**
 * The retained messages: a dense table, sorted by its column headers, with a tick box per row where
 * bulk deletes exist. The size column shows only when the broker tells sizes (Starling).
 */
export function RetainedMessagesTable({ messages, starlingSorts, selectable, refreshing, sort, onSort, selection, onToggle, onToggleAll, onOpen, onDelete }: RetainedMessagesTableProps) {
  const intl = useIntl();
  const withSizes = messages.some((message) => message.payloadSize !== undefined);
  const columns = COLUMNS.filter(([property]) => property !== 'payloadSize' || withSizes);
  const allTicked = messages.every((message) => selection.has(message.topic));
  const someTicked = messages.some((message) => selection.has(message.topic));
  return (
    // Narrow screens scroll the table sideways rather than squeezing its columns.
    <div className="retained-table__scroll">
      <HTMLTable compact striped interactive className={refreshing ? 'retained-table retained-table--refreshing' : 'retained-table'} aria-busy={refreshing}>
        <thead>
          <tr>
            {selectable && (
              <th className="retained-table__tick">
                <Checkbox checked={allTicked} indeterminate={someTicked && !allTicked} onChange={onToggleAll} aria-label={intl.formatMessage({ id: 'retained-message.select-page' })} />
              </th>
            )}
            {columns.map(([property, label]) =>
              starlingSorts || PRODUCTION_SORT_PROPERTIES.includes(property) ? (
                <SortableColumnHeader key={property} property={property} sort={sort} onSort={onSort}>
                  <FormattedMessage id={label} />
                </SortableColumnHeader>
              ) : (
                <th key={property}>
                  <FormattedMessage id={label} />
                </th>
              ),
            )}
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => {
            const { topic } = message;
            const open = intl.formatMessage({ id: 'retained-message.open-details' }, { topic });
            const remove = intl.formatMessage({ id: 'retained-message.delete-message' }, { topic });
            return (
              <tr key={topic} data-testid="retained-row" onDoubleClick={() => onOpen(topic)}>
                {selectable && (
                  <td className="retained-table__tick">
                    <Checkbox checked={selection.has(topic)} onChange={() => onToggle(topic)} aria-label={intl.formatMessage({ id: 'retained-message.select-message' }, { topic })} />
                  </td>
                )}
                <td className="retained-table__topic">
                  {/* The topic opens the message; its drawer has the copy button. */}
                  <Button variant="minimal" size="small" className="retained-table__open" title={open} onClick={() => onOpen(topic)}>
                    {topic}
                  </Button>
                </td>
                <td className="retained-table__number">{message.qos}</td>
                <td className="retained-table__payload-cell">
                  <PayloadPreviewCell message={message} />
                </td>
                {withSizes && (
                  <td className="retained-table__number retained-table__nowrap">{message.payloadSize !== undefined && <DataSizeText bytes={message.payloadSize} />}</td>
                )}
                <td>
                  <Moment value={message.createdTime} />
                </td>
                <td className="retained-table__number">
                  <FormattedNumber value={userPropertyPairs(message).length} />
                </td>
                <td className={TABLE_ACTIONS_CLASS}>
                  <ChangeAction>
                    <Button variant="minimal" size="small" icon={<TrashIcon />} aria-label={remove} title={remove} onClick={() => onDelete(topic)} />
                  </ChangeAction>
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
