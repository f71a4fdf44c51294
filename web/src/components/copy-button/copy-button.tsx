import { Button, type ButtonProps, Tooltip } from '@blueprintjs/core';
import { DuplicateIcon, TickIcon } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { plainTextToastMessage } from '../toast/toast-message';
import { showToast } from '../toast/toast-store';

/** Spec section 9: the copied state shows for 1.5 s. */
export const COPIED_FEEDBACK_MS = 1500;
/** Spec section 9: the copy-success toast shows for 1 s. */
export const COPIED_TOAST_MS = 1000;

export interface CopyButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'className'> {
  /** What lands on the clipboard. */
  text: string;
  onCopied?: () => void;
}

/** Copies a value to the clipboard and confirms it with a tick and "Copied!" for 1.5 s, and a toast for 1 s (spec sections 1, 4 and 9). */
export function CopyButton({ text, onCopied, variant = 'minimal', ...buttonProps }: CopyButtonProps) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    // Without clipboard access (e.g. a page served over plain HTTP) the button stays as it is.
    await navigator.clipboard.writeText(text);
    setCopied(true);
    // Also said by a toast: the tick is beside the button, the toast where every confirmation shows.
    showToast({ message: plainTextToastMessage(intl.formatMessage({ id: 'copy.copied' })), type: 'success', duration: COPIED_TOAST_MS });
    onCopied?.();
  };

  const label = intl.formatMessage({ id: copied ? 'copy.copied' : 'copy.copy-to-clipboard' });
  return (
    <Tooltip content={label} placement="top">
      <Button
        {...buttonProps}
        variant={variant}
        icon={copied ? <TickIcon /> : <DuplicateIcon />}
        intent={copied ? 'success' : 'none'}
        aria-label={label}
        onClick={() => void copy().catch(() => undefined)}
      />
    </Tooltip>
  );
}
