import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Whether `element` fills the screen (Fullscreen API), and a toggle; `supported` is false where the browser refuses it. */
export function useFullscreen(element: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [element]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.current?.requestFullscreen();
  }, [element]);
  return { fullscreen, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled === true };
}
