import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function SessionsPage() {
  return <h1>Sessions</h1>;
}

/** A chunk that arrives when the test says so. */
function deferredChunk() {
  let arrive: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof SessionsPage }>((resolve) => {
        arrive = () => resolve({ default: SessionsPage });
      }),
  );
  return { load, arrive: () => arrive() };
}

function renderInSuspense(Page: ReturnType<typeof preloadable>) {
  return render(
    <Suspense fallback={<p>Loading page</p>}>
      <Page />
    </Suspense>,
  );
}

describe('preloadable page', () => {
  afterEach(cleanup);

  it('shows the fallback until a page nobody fetched ahead arrives', async () => {
    const chunk = deferredChunk();
    const Page = preloadable(chunk.load);

    renderInSuspense(Page);
    expect(screen.getByText('Loading page')).toBeTruthy();

    await act(async () => chunk.arrive());
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
  });

  it('renders a page fetched ahead in the first frame, without a fallback', async () => {
    const chunk = deferredChunk();
    const Page = preloadable(chunk.load);

    const preloaded = Page.preload();
    chunk.arrive();
    await preloaded;
    renderInSuspense(Page);

    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeTruthy();
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(chunk.load).toHaveBeenCalledTimes(1);
  });

  it('fetches a chunk once however often it is asked for', async () => {
    const chunk = deferredChunk();
    const Page = preloadable(chunk.load);

    const first = Page.preload();
    const second = Page.preload();
    chunk.arrive();
    await Promise.all([first, second]);
    renderInSuspense(Page);

    expect(chunk.load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a chunk failed to load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof SessionsPage }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: SessionsPage });
    const Page = preloadable(load);

    await expect(Page.preload()).rejects.toThrow('Failed to fetch');
    await Page.preload();
    renderInSuspense(Page);

    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
