import type { ShownToast, ToastHorizontalPosition, ToastVerticalPosition } from './toast-store';

export interface ToastPosition {
  horizontal: ToastHorizontalPosition;
  vertical: ToastVerticalPosition;
}

/**
 * Spec section 9: a toast sits top left on wide screens and at the bottom (centred, full width) on
 * narrow ones (under 600 px), unless the caller asks for a position.
 */
export function resolveToastPosition(toast: Pick<ShownToast, 'horizontalPosition' | 'verticalPosition'>, narrow: boolean): ToastPosition {
  return {
    horizontal: toast.horizontalPosition ?? (narrow ? 'center' : 'left'),
    vertical: toast.verticalPosition ?? (narrow ? 'bottom' : 'top'),
  };
}
