/** Runs a callback on the next frame; a stand-in without animation frames (Node) waits one frame's time. */
export type FrameScheduler = (callback: () => void) => void;

const FRAME_MS = 16;

export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, FRAME_MS);
};

/** How often the message list and the topic tree show what arrived: ten times a second at most. */
export const SHOW_ARRIVALS_EVERY_MS = 100;

/**
 * Animation frames at most once per `gapMs`: a callback asked for sooner than `gapMs` after the
 * previous one ran waits out the rest first. Under thousands of messages a second, re-rendering the
 * list on every frame costs more style and layout work than the messages themselves; a few renders a
 * second keep the page responsive and show the same messages, a little later.
 */
export function throttledFrameScheduler(gapMs: number, frame: FrameScheduler = animationFrameScheduler, now: () => number = () => performance.now()): FrameScheduler {
  let lastRun = -Infinity;
  return (callback) => {
    const run = () =>
      frame(() => {
        lastRun = now();
        callback();
      });
    const wait = lastRun + gapMs - now();
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}

/**
 * Gathers many requests into one call per frame: whatever happens between two frames is told to
 * listeners once, so that thousands of messages a second never cause as many renders.
 */
export class FrameBatcher {
  private pending = false;

  constructor(
    private readonly flush: () => void,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
  ) {}

  request(): void {
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => {
      this.pending = false;
      this.flush();
    });
  }
}

/** Listeners told of changes, for useSyncExternalStore: a version number that moves on every change. */
export class ChangeListeners {
  private readonly listeners = new Set<() => void>();
  version = 0;

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }
}
