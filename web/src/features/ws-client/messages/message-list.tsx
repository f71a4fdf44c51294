import { NonIdealState } from '@blueprintjs/core';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFrameVersion } from '../session/use-session';
import type { MessageStore } from './message-store';
import { MessageRow } from './message-row';

/** Every row has the same height (two lines), so the list never measures. */
export const MESSAGE_ROW_HEIGHT = 50;

interface MessageListProps {
  store: MessageStore;
  newestFirst: boolean;
  selectedSeq: number | undefined;
  onOpen: (seq: number) => void;
}

/** Rows rendered past each edge of the visible ones, so that a scroll shows rows already there. */
const OVERSCAN_ROWS = 3;

interface Viewport {
  top: number;
  height: number;
}

/** The list's scroll position and height, read when it scrolls or is resized (never while rendering). */
function useViewport(scrollRef: RefObject<HTMLDivElement | null>): Viewport {
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const read = () => setViewport((previous) => (previous.top === element.scrollTop && previous.height === element.clientHeight ? previous : { top: element.scrollTop, height: element.clientHeight }));
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : undefined;
    resizes?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resizes?.disconnect();
    };
  }, [scrollRef]);
  return viewport;
}

/**
 * The filtered messages, virtualised: only the rows on screen exist, so a frame with new messages
 * renders a screenful at most. Oldest first, it follows the tail while scrolled to the bottom.
 * Every row has the same height, so which rows are on screen is arithmetic: nothing is measured,
 * and a render costs the same with 100 messages kept or 100,000.
 */
export function MessageList({ store, newestFirst, selectedSeq, onOpen }: MessageListProps) {
  const version = useFrameVersion(store);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const viewport = useViewport(scrollRef);
  const count = store.filteredCount;
  const totalHeight = count * MESSAGE_ROW_HEIGHT;
  const following = !newestFirst && atBottom;
  // Following the tail, the last rows are shown at once, before the scroll below reaches them.
  const top = following ? Math.max(0, totalHeight - viewport.height) : viewport.top;
  const first = Math.max(0, Math.floor(top / MESSAGE_ROW_HEIGHT) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((top + viewport.height) / MESSAGE_ROW_HEIGHT) + OVERSCAN_ROWS);

  // Before the frame is painted; the browser stops a scroll past the end at the end.
  useLayoutEffect(() => {
    if (following && count > 0 && scrollRef.current) scrollRef.current.scrollTop = totalHeight;
  }, [version, count, following, totalHeight]);

  const rows = [];
  for (let index = first; index < end; index += 1) {
    const message = store.filteredAt(index, newestFirst);
    if (!message) continue;
    rows.push(
      // Keyed by place in the window, not by message: under a stream of messages every row shows
      // another message on each frame, and updating a row's text costs far less than replacing it.
      <div key={index - first} className="ws-message-list__item" style={{ transform: `translateY(${index * MESSAGE_ROW_HEIGHT}px)`, height: MESSAGE_ROW_HEIGHT }}>
        <MessageRow message={message} selected={message.seq === selectedSeq} onOpen={onOpen} />
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      className="ws-message-list"
      data-testid="ws-message-list"
      onScroll={(event) => {
        const element = event.currentTarget;
        setAtBottom(totalHeight - element.scrollTop - element.clientHeight < MESSAGE_ROW_HEIGHT);
      }}
    >
      {count === 0 && <NonIdealState className="ws-message-list__empty" description={<FormattedMessage id="ws-client.no-messages" />} />}
      <div className="ws-message-list__space" style={{ height: totalHeight }}>
        {rows}
      </div>
    </div>
  );
}
