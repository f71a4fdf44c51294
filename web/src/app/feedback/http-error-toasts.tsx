import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { onHttpError } from '../../api/http-events';
import { plainTextToastMessage } from '../../components/toast/toast-message';
import { showToast } from '../../components/toast/toast-store';

/**
 * Spec section 8: failed calls that carry a message (the broker's, 'Unable to connect', the 404
 * line, a session that could not be renewed) show as an error toast. Mounted once at the root,
 * so the public pages report them too; 403 is the shell's forbidden dialog.
 */
export function HttpErrorToasts() {
  const intl = useIntl();
  useEffect(() => {
    const waiting = new Set<ReturnType<typeof setTimeout>>();
    const stop = onHttpError((report) => {
      if (report.kind === 'session') showToast({ message: intl.formatMessage({ id: report.messageId }), type: 'error' });
      if (report.kind !== 'message') return;
      const show = () => showToast({ message: plainTextToastMessage(report.message), type: 'error' });
      if (!report.delayMs) return show();
      // Spec section 8: the server's message may wait a delay (see UNAUTHORIZED_MESSAGE_DELAY_MS).
      const timer = setTimeout(() => {
        waiting.delete(timer);
        show();
      }, report.delayMs);
      waiting.add(timer);
    });
    return () => {
      stop();
      for (const timer of waiting) clearTimeout(timer);
    };
  }, [intl]);
  return null;
}
