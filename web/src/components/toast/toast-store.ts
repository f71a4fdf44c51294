// Spec sections 3, 4 and 9 (toast): one toast at a time. A new toast replaces the current one unless
// message and type are identical; a toast leaves when the user closes it or when its time is up.
// The store is plain module state so that any code (pages, the HTTP layer, public login pages) can
// show a toast without a React context.

export type ToastType = 'error' | 'warn' | 'success' | 'info';
export type ToastHorizontalPosition = 'start' | 'center' | 'end' | 'left' | 'right';
export type ToastVerticalPosition = 'top' | 'bottom';

export interface ToastOptions {
  /** HTML; sanitised before it is shown. */
  message: string;
  type: ToastType;
  /** Milliseconds the toast stays; see DEFAULT_DURATION_MS. */
  duration?: number;
  /** The host that shows the toast (its `target`); the root host when absent. */
  target?: string;
  horizontalPosition?: ToastHorizontalPosition;
  verticalPosition?: ToastVerticalPosition;
  /** Extra class names for the toast panel. */
  panelClass?: string;
  /** Leave exactly at `duration`, without the extra time a toast panel gets. */
  forceDismiss?: boolean;
}

/** A toast on screen: the caller's options with the defaults filled in. */
export interface ShownToast extends ToastOptions {
  /** Changes with every replacement, so the host replays the entry animation. */
  id: number;
  duration: number;
  target: string;
  /** Playing the leave animation; gone from the store once it ends. */
  leaving: boolean;
}

export const ROOT_TOAST_TARGET = 'root';

/** Errors stay longer than the rest: they usually need reading, the others confirm what the user saw happen. */
export const DEFAULT_DURATION_MS: Record<ToastType, number> = { error: 5000, warn: 3000, success: 3000, info: 3000 };

/** Spec section 9: a toast panel stays 500 ms past its duration unless it is force-dismissed. */
export const DISMISS_GRACE_MS = 500;

/** Spec section 9: toasts come and go with a 100 ms animation. */
export const TOAST_ANIMATION_MS = 100;

type ToastListener = () => void;

const listeners = new Set<ToastListener>();
let current: ShownToast | null = null;
let nextId = 1;
let dismissTimer: ReturnType<typeof setTimeout> | undefined;
let removeTimer: ReturnType<typeof setTimeout> | undefined;

function publish(toast: ShownToast | null): void {
  clearTimeout(removeTimer);
  current = toast;
  for (const listener of listeners) listener();
}

function scheduleDismiss(toast: ShownToast): void {
  clearTimeout(dismissTimer);
  const delay = toast.forceDismiss ? toast.duration : toast.duration + DISMISS_GRACE_MS;
  dismissTimer = setTimeout(dismissToast, delay);
}

export function showToast(options: ToastOptions): void {
  if (current && !current.leaving && current.message === options.message && current.type === options.type) {
    // The same toast again keeps the one on screen (no flicker) and gives it its full time again.
    scheduleDismiss(current);
    return;
  }
  const toast: ShownToast = {
    ...options,
    id: nextId++,
    duration: options.duration ?? DEFAULT_DURATION_MS[options.type],
    target: options.target ?? ROOT_TOAST_TARGET,
    leaving: false,
  };
  publish(toast);
  scheduleDismiss(toast);
}

/** Starts the leave animation of the current toast; it is removed when the animation ends. */
export function dismissToast(): void {
  clearTimeout(dismissTimer);
  if (current === null || current.leaving) return;
  publish({ ...current, leaving: true });
  removeTimer = setTimeout(() => publish(null), TOAST_ANIMATION_MS);
}

export function getCurrentToast(): ShownToast | null {
  return current;
}

export function subscribeToToasts(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
