import { FormattedMessage } from 'react-intl';
import './table.css';

/** Class of the cells under ActionsColumnHeader: the row's buttons, kept on one line at the right. */
export const TABLE_ACTIONS_CLASS = 'table-actions';

/** The head of a row-actions column: named for screen readers only, since its buttons speak for themselves. */
export function ActionsColumnHeader() {
  return (
    <th className={TABLE_ACTIONS_CLASS}>
      <span className="table-actions__label">
        <FormattedMessage id="common.actions" />
      </span>
    </th>
  );
}
