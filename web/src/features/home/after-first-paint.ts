import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: the dashboard shows its frame
 * and counters in one short task, and renders the rest as a transition React splits into slices,
 * so no task after sign-in runs long (issue 29).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before that frame paints; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
