import { FormattedMessage, type MessageDescriptor } from 'react-intl';

/** Header cells of columns that do not sort: just their translated names. */
export function ColumnHeaders({ labels }: { labels: readonly MessageDescriptor['id'][] }) {
  return labels.map((label) => (
    <th key={label}>
      <FormattedMessage id={label} />
    </th>
  ));
}
