import type { ReactNode } from 'react';
import { HelpButton } from './help-button';
import type { HelpId } from './help-ids';
import './help-button.css';

/** A dialog's or drawer's title with the help of what it shows beside it (spec section 2, "Help": entity types). */
export function TitleWithHelp({ helpId, children }: { helpId: HelpId; children: ReactNode }) {
  return (
    <span className="title-with-help">
      {children}
      <HelpButton helpId={helpId} size="small" />
    </span>
  );
}
