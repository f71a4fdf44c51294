import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import englishMessages from '../../../public/assets/locale/locale.constant-en_US.json';
import { stubScreenWidth } from '../../test-support/screen-width';
import { loadToastSanitizer, plainTextToastMessage, toastMessageWith } from './toast-message';
import { ToastHost } from './toast-host';
import { dismissToast, showToast, type ToastOptions, TOAST_ANIMATION_MS } from './toast-store';

function renderHost(target?: string) {
  return render(
    <IntlProvider locale="en-US" messages={englishMessages}>
      <ToastHost target={target} />
    </IntlProvider>,
  );
}

const show = (options: ToastOptions) => act(() => showToast(options));

describe('toast host (spec sections 8 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubScreenWidth(1280);
  });
  afterEach(() => {
    act(() => {
      dismissToast();
      vi.runAllTimers();
    });
    vi.useRealTimers();
    cleanup();
  });

  it('shows values from outside as written: a Kafka group id or an error text carrying a link stays text', async () => {
    renderHost();
    const groupId = '<a href="https://attacker.example/">Sign in again</a>';
    show({ message: toastMessageWith((values) => `Consumer group <b>${String(values.groupId)}</b> deleted`, { groupId }), type: 'success' });
    await act(() => loadToastSanitizer());
    const toast = screen.getByTestId('toast');
    expect(toast.querySelector('a')).toBeNull();
    expect(toast.querySelector('b')?.textContent).toBe(groupId);
  });

  it('renders simple markup and drops scripts and event handlers', async () => {
    renderHost();
    show({ message: 'Saved <b>broker</b><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">', type: 'success' });
    await act(() => loadToastSanitizer());
    const toast = screen.getByTestId('toast');
    expect(toast.querySelector('b')?.textContent).toBe('broker');
    expect(toast.querySelector('script')).toBeNull();
    expect(toast.innerHTML).not.toContain('onerror');
    expect(toast.textContent).toContain('Saved broker');
  });

  it('announces errors and warnings as alerts and the rest as status', () => {
    renderHost();
    show({ message: 'Broken', type: 'error' });
    expect(screen.getByRole('alert').textContent).toContain('Broken');
    show({ message: 'Careful', type: 'warn' });
    expect(screen.getByRole('alert').textContent).toContain('Careful');
    show({ message: 'Saved', type: 'success' });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with the close button', () => {
    renderHost();
    show({ message: 'Saved', type: 'success' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(TOAST_ANIMATION_MS));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('shows top left on a wide screen', () => {
    const { container } = renderHost();
    show({ message: 'Saved', type: 'success' });
    const host = container.querySelector('.toast-host');
    expect(host?.getAttribute('data-vertical-position')).toBe('top');
    expect(host?.getAttribute('data-horizontal-position')).toBe('left');
  });

  it('shows at the bottom on a narrow screen', () => {
    stubScreenWidth(420);
    const { container } = renderHost();
    show({ message: 'Saved', type: 'success' });
    expect(container.querySelector('.toast-host')?.getAttribute('data-vertical-position')).toBe('bottom');
  });

  it('shows where the caller asks', () => {
    const { container } = renderHost();
    show({ message: 'Saved', type: 'success', verticalPosition: 'bottom', horizontalPosition: 'right', panelClass: 'wide-toast' });
    const host = container.querySelector('.toast-host');
    expect(host?.getAttribute('data-vertical-position')).toBe('bottom');
    expect(host?.getAttribute('data-horizontal-position')).toBe('right');
    expect(screen.getByTestId('toast').classList.contains('wide-toast')).toBe(true);
  });

  it('shows a toast only in the host it is addressed to', () => {
    renderHost('dialog');
    show({ message: 'For the root', type: 'info' });
    expect(screen.queryByTestId('toast')).toBeNull();
    show({ message: 'For the dialog', type: 'info', target: 'dialog' });
    expect(screen.getByTestId('toast').textContent).toContain('For the dialog');
  });
});

describe('plain text in a toast', () => {
  afterEach(cleanup);

  it('shows angle brackets as written', () => {
    stubScreenWidth(1280);
    renderHost();
    act(() => showToast({ message: plainTextToastMessage('Sender Starling <noreply@example.com> refused'), type: 'error' }));
    expect(screen.getByTestId('toast').textContent).toContain('Sender Starling <noreply@example.com> refused');
    act(() => dismissToast());
  });
});
