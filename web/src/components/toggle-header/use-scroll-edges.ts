import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  atStart: boolean;
  atEnd: boolean;
}

function readEdges(element: HTMLElement): ScrollEdges {
  return {
    atStart: element.scrollLeft <= 0,
    // One pixel of slack: browsers report fractional scroll positions on zoomed pages.
    atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
  };
}

/** Whether a horizontally scrolling element shows its first and its last pixel, kept up to date. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ atStart: true, atEnd: true });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setEdges((previous) => {
        const next = readEdges(element);
        return next.atStart === previous.atStart && next.atEnd === previous.atEnd ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The row also overflows when its buttons change or its container narrows without a window resize.
    const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizeObserver?.observe(element);
    if (element.firstElementChild) resizeObserver?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resizeObserver?.disconnect();
    };
  }, [ref]);

  return edges;
}
