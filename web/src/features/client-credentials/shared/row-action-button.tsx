import { Button } from '@blueprintjs/core';
import type { ReactElement } from 'react';

/** An icon button of a table row; its label names the row it acts on, so screen readers tell the rows apart. */
export function RowActionButton({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  return <Button variant="minimal" size="small" icon={icon} aria-label={label} title={label} onClick={onClick} />;
}
