import { useCallback, useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement !== null;

/** Spec section 2: the toolbar's fullscreen toggle, also bound to the F11 key. */
export function useFullscreen(): { fullscreen: boolean; toggle: () => void } {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen);
  const toggle = useCallback(() => {
    const change = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // The browser may refuse (e.g. inside a frame that disallows it); the button simply stays as it is.
    change.catch(() => undefined);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F11') return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { fullscreen, toggle };
}
