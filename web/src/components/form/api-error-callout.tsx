import { Callout } from '@blueprintjs/core';
import './api-error-callout.css';

/** The broker's answer to a failed save, shown above the form it belongs to. */
export function ApiErrorCallout({ error }: { error: Error | null }) {
  if (error === null) return null;
  return (
    <Callout intent="danger" role="alert" className="api-error-callout" compact>
      {error.message}
    </Callout>
  );
}
