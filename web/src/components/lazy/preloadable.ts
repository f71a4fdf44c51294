import { type ComponentType, createElement, lazy } from 'react';

/** A lazily loaded component whose chunk can be fetched ahead of its first render. */
export type PreloadableComponent = ComponentType & {
  /** Fetches the chunk (once; again after a failure) and resolves when it can render at once. */
  preload(): Promise<void>;
  /** Whether the chunk has arrived, so that the component renders at once. */
  isLoaded(): boolean;
};

/**
 * Like React.lazy, but renders at once when its chunk has already arrived.
 *
 * A plain lazy component suspends on its first render even when its chunk is in the browser's
 * cache, so its Suspense fallback shows for a frame; and once React has shown a fallback it holds
 * the content back until 300 ms after it (its "fallback throttle"). A page fetched ahead with
 * preload() skips both: a route switch to it costs its render, not a third of a second.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;

  function preload(): Promise<void> {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  // Before the chunk arrives: React.lazy suspends, as usual. The module object it gets is built
  // after preload() resolved, when `loaded` is set.
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));

  function Preloadable() {
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== undefined });
}
