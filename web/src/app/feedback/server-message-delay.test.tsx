import '../../api/refresh-request';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../api/auth-session';
import { httpClient, UNAUTHORIZED_MESSAGE_DELAY_MS } from '../../api/http-client';
import { type HttpErrorReport, onHttpError, reportHttpError } from '../../api/http-events';
import { dismissToast, getCurrentToast } from '../../components/toast/toast-store';
import { clearToasts } from '../../test-support/clear-toasts';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HttpErrorToasts } from './http-error-toasts';

// Spec section 8, other errors: "the server message (with optional delay)".

function answer(status: number, errorCode: number, message: string) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ status, errorCode, message, timestamp: 0 }, { status })));
}

describe('the optional delay before a server message (spec section 8)', () => {
  let reports: HttpErrorReport[];
  let stopListening: () => void;

  beforeEach(() => {
    localStorage.clear();
    endSession();
    reports = [];
    stopListening = onHttpError((report) => reports.push(report));
  });
  afterEach(async () => {
    stopListening();
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await clearToasts();
  });

  it('gives a 401 message the sign-out delay, and a request its own delay, or none', async () => {
    answer(401, 10, 'Invalid username or password');
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} })).rejects.toMatchObject({ status: 401 });
    await expect(httpClient({ url: '/api/auth/login', method: 'POST', data: {} }, { errorMessageDelayMs: 0 })).rejects.toMatchObject({ status: 401 });
    answer(400, 31, 'body.email: must be an e-mail');
    await expect(httpClient({ url: '/api/admin', method: 'POST', data: {} })).rejects.toMatchObject({ status: 400 });
    await expect(httpClient({ url: '/api/admin', method: 'POST', data: {} }, { errorMessageDelayMs: 1500 })).rejects.toMatchObject({ status: 400 });
    expect(reports).toEqual([
      { kind: 'message', message: 'Invalid username or password', delayMs: UNAUTHORIZED_MESSAGE_DELAY_MS },
      { kind: 'message', message: 'Invalid username or password' },
      { kind: 'message', message: 'body.email: must be an e-mail' },
      { kind: 'message', message: 'body.email: must be an e-mail', delayMs: 1500 },
    ]);
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
