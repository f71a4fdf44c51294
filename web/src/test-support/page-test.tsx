import type { QueryClient } from '@tanstack/react-query';
import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { endSession, startSession } from '../api/auth/auth-session';
import { makeTokenPair } from '../api/auth/test-tokens';
import { ToastHost } from '../components/toast/toast-host';
import { clearToasts } from './clear-toasts';
import { renderWithProviders } from './render-with-providers';
import { stubScreenWidth } from './screen-width';

/** Each test of a console page starts signed in on a wide screen and leaves no page or toast behind. */
export function setUpSignedInPageTests(): void {
  beforeEach(() => {
    localStorage.clear();
    startSession(makeTokenPair());
    stubScreenWidth(1280);
  });
  afterEach(async () => {
    await clearToasts();
    cleanup();
    endSession();
  });
}

/** Renders a page as the shell would: inside Blueprint's overlay stack, with the toast host. */
export function renderPage(page: ReactElement, queryClient?: QueryClient) {
  return renderWithProviders(
    <OverlaysProvider>
      {page}
      <ToastHost />
    </OverlaysProvider>,
    queryClient,
  );
}
