import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getCurrentToast, showToast, TOAST_ANIMATION_MS, type ToastOptions } from './toast-store';

/** The toast the user sees: present and not on its way out. */
const visibleMessage = () => {
  const toast = getCurrentToast();
  return toast && !toast.leaving ? toast.message : null;
};

describe('toast store (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('replaces the current toast with a new one', () => {
    showToast({ message: 'Saved', type: 'success' });
    showToast({ message: 'Failed', type: 'error' });
    expect(visibleMessage()).toBe('Failed');
  });

  it('keeps the current toast when the same message and type come again', () => {
    showToast({ message: 'Saved', type: 'success' });
    const first = getCurrentToast();
    showToast({ message: 'Saved', type: 'success' });
    expect(getCurrentToast()).toBe(first);
  });

  it('treats the same message with another type as a new toast', () => {
    showToast({ message: 'Check the port', type: 'warn' });
    const first = getCurrentToast();
    showToast({ message: 'Check the port', type: 'error' });
    expect(getCurrentToast()?.id).not.toBe(first?.id);
    expect(getCurrentToast()?.type).toBe('error');
  });

  it('gives a repeated toast its full time again', () => {
    showToast({ message: 'Saved', type: 'success', duration: 1000 });
    vi.advanceTimersByTime(1000);
    showToast({ message: 'Saved', type: 'success', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(visibleMessage()).toBe('Saved');
    vi.advanceTimersByTime(500);
    expect(visibleMessage()).toBeNull();
  });

  it.each<[string, ToastOptions, number]>([
    ['a toast 500 ms past its duration', { message: 'Copied', type: 'success', duration: 1000 }, 1500],
    ['a force-dismissed toast exactly at its duration', { message: 'Copied', type: 'success', duration: 1000, forceDismiss: true }, 1000],
    ['an error after 5 s by default', { message: 'Broken', type: 'error' }, 5500],
    ['a warning after 3 s by default', { message: 'Careful', type: 'warn' }, 3500],
    ['an info after 3 s by default', { message: 'Done', type: 'info' }, 3500],
  ])('dismisses %s', (_case, options, visibleMs) => {
    showToast(options);
    vi.advanceTimersByTime(visibleMs - 1);
    expect(visibleMessage()).toBe(options.message);
    vi.advanceTimersByTime(1);
    expect(visibleMessage()).toBeNull();
    vi.advanceTimersByTime(TOAST_ANIMATION_MS);
    expect(getCurrentToast()).toBeNull();
  });

  it('does not let the timer of a replaced toast end its successor early', () => {
    showToast({ message: 'First', type: 'info', duration: 1000 });
    vi.advanceTimersByTime(1000);
    showToast({ message: 'Second', type: 'info', duration: 3000 });
    vi.advanceTimersByTime(1000);
    expect(visibleMessage()).toBe('Second');
  });

  it('goes when dismissed, and a toast shown during the leave animation stays', () => {
    showToast({ message: 'Saved', type: 'success' });
    dismissToast();
    expect(visibleMessage()).toBeNull();
    showToast({ message: 'Saved', type: 'success' });
    vi.advanceTimersByTime(TOAST_ANIMATION_MS);
    expect(visibleMessage()).toBe('Saved');
  });
});
