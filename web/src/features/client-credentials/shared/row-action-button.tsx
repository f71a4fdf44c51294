import { Button } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { ChangeAction } from '../../../components/roles/change-action';

interface RowActionButtonProps {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  /** The action changes what the broker holds: disabled for a read-only account. */
  changes?: boolean;
}

/** An icon button of a table row; its label names the row it acts on, so screen readers tell the rows apart. */
export function RowActionButton({ label, icon, onClick, changes = false }: RowActionButtonProps) {
  const button = <Button variant="minimal" size="small" icon={icon} aria-label={label} title={label} onClick={onClick} />;
  return changes ? <ChangeAction>{button}</ChangeAction> : button;
}
