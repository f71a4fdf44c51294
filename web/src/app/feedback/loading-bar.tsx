import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { requestsInFlight, subscribeToRequestActivity } from '../../api/request-activity';
import './loading-bar.css';

/** Requests shorter than this never flash the bar. */
const SHOW_DELAY_MS = 150;

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isTabVisible = () => document.visibilityState !== 'hidden';

/**
 * Spec sections 2 and 9: a bar at the top of the shell while requests are in flight, debounced so
 * that short calls and calls made while the tab is hidden (polling in the background) show nothing.
 */
export function LoadingBar() {
  const intl = useIntl();
  const busy = useSyncExternalStore(subscribeToRequestActivity, () => requestsInFlight() > 0);
  const visible = useSyncExternalStore(subscribeToVisibility, isTabVisible);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy || !visible) return;
    const timer = setTimeout(() => setShown(true), SHOW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [busy, visible]);

  if (!shown || !busy || !visible) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label={intl.formatMessage({ id: 'common.loading' })} data-testid="loading-bar">
      <span className="loading-bar__runner" />
    </div>
  );
}
