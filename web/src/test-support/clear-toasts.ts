import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { dismissToast, getCurrentToast } from '../components/toast/toast-store';

/** Ends the toast a test left on screen, leave animation included, so the next test starts with none. */
export async function clearToasts(): Promise<void> {
  act(() => dismissToast());
  await waitFor(() => expect(getCurrentToast()).toBeNull());
}
