import { type RefObject, useEffect, useRef } from 'react';

/**
 * A native <dialog> opened as a modal once it mounts (the attribute where showModal is missing):
 * the sign-in page's own dialogs, which may open before any Blueprint has loaded.
 */
export function useShownModal(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);
  return dialog;
}
