import { useContext, useSyncExternalStore } from 'react';
import { IntlContext } from 'react-intl';
import { MEDIA_XS } from '../media-query/breakpoints';
import { useMediaQuery } from '../media-query/use-media-query';
import { sanitizeToastMessage } from './toast-message';
import { resolveToastPosition } from './toast-position';
import { dismissToast, getCurrentToast, ROOT_TOAST_TARGET, subscribeToToasts } from './toast-store';
import './toast.css';

/** Used only if the host is mounted outside the translations (it must not break the page then). */
const FALLBACK_CLOSE_LABEL = 'Close';

/**
 * Shows the toasts addressed to `target` (spec sections 3, 8 and 9). Plain markup and CSS, no
 * Blueprint: the public login pages load none and show toasts too.
 */
export function ToastHost({ target = ROOT_TOAST_TARGET }: { target?: string }) {
  const toast = useSyncExternalStore(subscribeToToasts, getCurrentToast);
  const narrow = useMediaQuery(MEDIA_XS);
  // Read the context directly: useIntl would throw where no IntlProvider is above the host.
  const intl = useContext(IntlContext);
  if (toast === null || toast.target !== target) return null;

  const position = resolveToastPosition(toast, narrow);
  const classNames = ['toast', `toast--${toast.type}`, toast.leaving ? 'toast--leaving' : '', toast.panelClass ?? ''];
  const closeLabel = intl ? intl.formatMessage({ id: 'action.close' }) : FALLBACK_CLOSE_LABEL;
  return (
    <div
      className={`toast-host toast-host--${position.vertical} toast-host--${position.horizontal}`}
      data-vertical-position={position.vertical}
      data-horizontal-position={position.horizontal}
    >
      <div
        key={toast.id}
        className={classNames.filter(Boolean).join(' ')}
        role={toast.type === 'error' || toast.type === 'warn' ? 'alert' : 'status'}
        data-testid="toast"
      >
        <div className="toast__message" dangerouslySetInnerHTML={{ __html: sanitizeToastMessage(toast.message) }} />
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={dismissToast}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
