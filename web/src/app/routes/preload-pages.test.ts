import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageRoutes } from './page-routes';
import { navigateWhenLoaded, preloadPageAt } from './preload-pages';

const pageOf = (path: string) => {
  const route = pageRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no page at ${path}`);
  return route.page;
};

describe('navigating to a page once it has loaded', () => {
  it('changes the URL only after the page arrived', async () => {
    const navigate = vi.fn();
    const loaded = pageOf('/users').preload();

    navigateWhenLoaded('/users', navigate);
    expect(navigate).not.toHaveBeenCalled();

    await loaded;
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/users'));
  });

  it('follows only the last of several quick clicks', async () => {
    const navigate = vi.fn();
    await pageOf('/profile').preload();

    navigateWhenLoaded('/monitoring', navigate);
    navigateWhenLoaded('/profile', navigate);
    await pageOf('/monitoring').preload();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/profile');
  });

  it('finds the page of a URL with a query, and nothing for a path that is no page', async () => {
    const sessions = pageOf('/sessions');
    const preload = vi.spyOn(sessions, 'preload').mockResolvedValue(undefined);

    await preloadPageAt('/sessions?session=sensor-1');
    await preloadPageAt('/sessions-archive');

    expect(preload).toHaveBeenCalledTimes(1);
    preload.mockRestore();
  });
});
