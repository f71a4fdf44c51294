import { FormattedMessage } from 'react-intl';

/** The actions column needs a name for screen readers only; its buttons speak for themselves. */
export function RowActionsHeader() {
  return (
    <th className="client-access__actions">
      <span className="client-access__hidden-label">
        <FormattedMessage id="common.actions" />
      </span>
    </th>
  );
}
