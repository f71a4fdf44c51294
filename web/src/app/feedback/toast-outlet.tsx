import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getCurrentToast, subscribeToToasts } from '../../components/toast/toast-store';

// The toast's view and styles load with the first toast, so the sign-in page does not carry them.
const ToastHost = lazy(() => import('../../components/toast/toast-host').then((module) => ({ default: module.ToastHost })));

let toastShown = false;

function hasShownToast(): boolean {
  toastShown ||= getCurrentToast() !== null;
  return toastShown;
}

/** Mounts the toast host once a first toast exists, and keeps it from then on. */
export function ToastOutlet() {
  const needed = useSyncExternalStore(subscribeToToasts, hasShownToast);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
