import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

/** A label (a message id) and the value shown beside it. */
export type FieldRow = readonly [MessageDescriptor['id'], ReactNode];

/** The rows of a details table: each label as a row header, its value beside it. */
export function FieldRows({ rows }: { rows: readonly FieldRow[] }) {
  return rows.map(([label, value]) => (
    <tr key={label}>
      <th scope="row">
        <FormattedMessage id={label} />
      </th>
      <td>{value}</td>
    </tr>
  ));
}
