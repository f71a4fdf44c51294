import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { dismissToast, getCurrentToast, TOAST_ANIMATION_MS } from '../toast/toast-store';
import { CopyButton } from './copy-button';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

async function clickCopy() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
  });
}

describe('copy button (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => {
      dismissToast();
      vi.advanceTimersByTime(TOAST_ANIMATION_MS);
    });
    cleanup();
    vi.useRealTimers();
  });

  it('puts the text on the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    renderWithProviders(<CopyButton text="sensors/temperature" />);
    await clickCopy();
    expect(writeText).toHaveBeenCalledWith('sensors/temperature');
  });

  it('shows the copied state for 1.5 seconds', async () => {
    stubClipboard(async () => undefined);
    renderWithProviders(<CopyButton text="client-1" />);
    await clickCopy();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
  });

  it('confirms the copy with a success toast of 1 second', async () => {
    stubClipboard(async () => undefined);
    renderWithProviders(<CopyButton text="client-1" />);
    await clickCopy();
    expect(getCurrentToast()).toMatchObject({ message: 'Copied!', type: 'success', duration: 1000 });
  });

  it('does not claim success when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('Clipboard access denied');
    });
    renderWithProviders(<CopyButton text="client-1" />);
    await clickCopy();
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(getCurrentToast()).toBeNull();
  });
});
