import { pageRoutes } from './page-routes';

/** After the first page showed, how long to leave the network to it before fetching the others. */
const IDLE_PRELOAD_DELAY_MS = 2000;

/** The page shown at `url` (its path, any query left out), if it is one of the shell's pages. */
function pageAt(url: string) {
  const path = url.split(/[?#]/, 1)[0];
  return pageRoutes.find((route) => route.path === path)?.page;
}

/** Fetches the chunk of the page at `url`; resolves when it can render at once (or there is none). */
export function preloadPageAt(url: string): Promise<void> {
  return pageAt(url)?.preload() ?? Promise.resolve();
}

let latestNavigation = 0;

/**
 * Navigates once the target page's chunk has arrived, so that the current page stays until the
 * next one can replace it in one frame, rather than showing a spinner in between (see
 * components/lazy/preloadable.ts). Only the last of several quick clicks navigates. A chunk that
 * fails to load still navigates: the page's error shows there.
 */
export function navigateWhenLoaded(url: string, navigate: (url: string) => void): void {
  const navigation = ++latestNavigation;
  const go = () => {
    if (navigation === latestNavigation) navigate(url);
  };
  preloadPageAt(url).then(go, go);
}

/**
 * Fetches every page of the shell one after another, when the browser is idle a while after the
 * first page showed: later first visits then switch as fast as revisits. Returns a cancel function.
 */
export function preloadPagesWhenIdle(): () => void {
  let cancelled = false;
  const preloadNext = async () => {
    for (const route of pageRoutes) {
      if (cancelled) return;
      await route.page.preload().catch(() => undefined);
    }
  };
  const whenIdle = (work: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: IDLE_PRELOAD_DELAY_MS }) : setTimeout(work, 0);
  const timer = setTimeout(() => whenIdle(() => void preloadNext()), IDLE_PRELOAD_DELAY_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
