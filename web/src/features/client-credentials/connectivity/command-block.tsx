import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button/copy-button';

/** A ready command with its copy button. */
export function CommandBlock({ label, command, testId }: { label: ReactNode; command: string; testId: string }) {
  return (
    <div className="connectivity__command">
      <div className="connectivity__command-label">{label}</div>
      <div className="connectivity__command-line">
        <pre data-testid={testId}>{command}</pre>
        <CopyButton text={command} size="small" />
      </div>
    </div>
  );
}
