import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** Spec section 2: dialogs close on navigation. Calls `close` whenever the location changes. */
export function useCloseOnNavigation(close: () => void): void {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    close();
  }, [location, close]);
}
