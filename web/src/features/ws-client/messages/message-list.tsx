import { NonIdealState } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
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

/**
 * The filtered messages, virtualised: only the rows on screen exist, so a frame with new messages
 * renders a screenful at most. Oldest first, it follows the tail while scrolled to the bottom.
 */
export function MessageList({ store, newestFirst, selectedSeq, onOpen }: MessageListProps) {
  const version = useFrameVersion(store);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = store.filteredCount;
  // The list renders again on every frame with news anyway; nothing here relies on compiler memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => MESSAGE_ROW_HEIGHT, overscan: 3 });

  // Before the frame is painted, and without asking the element its size (the virtualizer's
  // scrollToIndex reads scrollHeight: a layout forced on every render): the rows' total height is
  // known, and the browser stops a scroll past the end at the end.
  useLayoutEffect(() => {
    if (!newestFirst && atBottom.current && count > 0 && scrollRef.current) scrollRef.current.scrollTop = virtualizer.getTotalSize();
  }, [version, count, newestFirst, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="ws-message-list"
      data-testid="ws-message-list"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < MESSAGE_ROW_HEIGHT;
      }}
    >
      {count === 0 && <NonIdealState className="ws-message-list__empty" description={<FormattedMessage id="ws-client.no-messages" />} />}
      <div className="ws-message-list__space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = store.filteredAt(item.index, newestFirst);
          if (!message) return null;
          return (
            // Keyed by place, not by message: under a stream of messages every row shows another
            // message on each frame, and updating a row's text costs far less than replacing the row.
            <div key={item.index} className="ws-message-list__item" style={{ transform: `translateY(${item.start}px)`, height: MESSAGE_ROW_HEIGHT }}>
              <MessageRow message={message} selected={message.seq === selectedSeq} onOpen={onOpen} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
