import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportHttpError } from '../../api/http-events';
import { dismissToast, getCurrentToast } from '../../components/toast/toast-store';
import { clearToasts } from '../../test-support/clear-toasts';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HttpErrorToasts } from './http-error-toasts';

// Spec section 8, other errors: "the server message (with optional delay)".

describe('a server message shown after its delay (spec section 8, "with optional delay")', () => {
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    await clearToasts();
  });

  it('shows a delayed message as a toast once its delay has passed, and an immediate one at once', () => {
    vi.useFakeTimers();
    renderWithProviders(<HttpErrorToasts />);
    act(() => reportHttpError({ kind: 'message', message: 'Session ended', delayMs: 200 }));
    act(() => vi.advanceTimersByTime(199));
    expect(getCurrentToast()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(getCurrentToast()).toMatchObject({ type: 'error' });

    act(() => dismissToast());
    act(() => vi.advanceTimersByTime(1000));
    act(() => reportHttpError({ kind: 'message', message: 'Unable to connect' }));
    expect(getCurrentToast()).toMatchObject({ type: 'error' });
  });

  it('drops a message still waiting when the console unmounts', () => {
    vi.useFakeTimers();
    const view = renderWithProviders(<HttpErrorToasts />);
    act(() => reportHttpError({ kind: 'message', message: 'Too late', delayMs: 200 }));
    view.unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(getCurrentToast()).toBeNull();
  });
});
