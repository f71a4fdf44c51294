import { DialogBody, Spinner } from '@blueprintjs/core';
import { ApiErrorCallout } from '../form/api-error-callout';

/**
 * What a dialog shows while the item it edits is read: the broker's error, or a spinner; null once
 * the item is there, for the dialog to show its form.
 */
export function DialogLoading({ error }: { error: Error | null }) {
  return <DialogBody>{error ? <ApiErrorCallout error={error} /> : <Spinner size={24} />}</DialogBody>;
}
