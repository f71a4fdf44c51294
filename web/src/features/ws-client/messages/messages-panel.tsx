import { Button, ButtonGroup, Classes, HTMLSelect, Tooltip } from '@blueprintjs/core';
import { DownloadIcon, SortAscIcon, SortDescIcon, TrashIcon } from '@blueprintjs/icons';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WsSession } from '../session/ws-session';
import { useFrameVersion } from '../session/use-session';
import { IncomingRate } from './incoming-rate';
import { MessageDetailsDrawer } from './message-details';
import { downloadJsonLines } from './message-export';
import { MessageFilterBar } from './message-filter-bar';
import type { MessageFilter } from './message-filter';
import { MessageList } from './message-list';
import { DEFAULT_MESSAGES_TO_KEEP, type MessageStore } from './message-store';
import './messages-panel.css';

/** The choices of the "messages to keep" setting. */
const KEEP_CHOICES = [1000, DEFAULT_MESSAGES_TO_KEEP, 10_000, 50_000, 100_000];

/**
 * The messages of a web-socket client session (spec section 3): a filter bar, a virtualised list,
 * newest first or following the tail, clear, export as JSON lines, the number kept, what was
 * received and dropped by the limit, and a message's details on a click.
 *
 * Only the counts and the list render as messages arrive; the panel itself renders again when the
 * filter or the bound changes, or the list turns empty or not (its buttons), so that thousands of
 * messages a second do not re-render the toolbar and the filter bar ten times a second.
 */
export function MessagesPanel({ session }: { session: WsSession }) {
  const intl = useIntl();
  const store = session.messages;
  useSyncExternalStore(store.subscribe, () => store.settingsVersion * 2 + (store.size === 0 ? 1 : 0));
  const [newestFirst, setNewestFirst] = useState(true);
  const [openSeq, setOpenSeq] = useState<number | undefined>(undefined);
  const onOpen = useCallback((seq: number) => setOpenSeq(seq), []);
  const applyFilter = useCallback((filter: MessageFilter) => store.setFilter(filter), [store]);
  const orderLabel = intl.formatMessage({ id: newestFirst ? 'ws-client.order-newest-first' : 'ws-client.order-follow-tail' });
  const exportMessages = () => downloadJsonLines(store.messages(), `${session.connectionId}-messages.jsonl`);
  return (
    <section className="ws-messages" data-testid="ws-messages-panel">
      <div className="ws-messages__toolbar">
        <h3 className="ws-messages__title">
          <FormattedMessage id="ws-client.messages" />
        </h3>
        <MessageCounts session={session} />
        <span className="ws-messages__spacer" />
        <ButtonGroup>
          <Tooltip content={orderLabel}>
            <Button size="small" icon={newestFirst ? <SortDescIcon /> : <SortAscIcon />} aria-label={orderLabel} onClick={() => setNewestFirst(!newestFirst)} data-testid="ws-message-order" />
          </Tooltip>
          <Button size="small" icon={<DownloadIcon />} onClick={exportMessages} disabled={store.size === 0} data-testid="ws-message-export">
            <FormattedMessage id="ws-client.export" />
          </Button>
          <Button size="small" icon={<TrashIcon />} onClick={() => store.clear()} disabled={store.size === 0} data-testid="ws-message-clear">
            <FormattedMessage id="ws-client.clear" />
          </Button>
        </ButtonGroup>
        <label className="ws-messages__keep">
          <FormattedMessage id="ws-client.messages-to-keep" />
          <HTMLSelect
            minimal
            value={store.messagesToKeep}
            onChange={(event) => store.setMessagesToKeep(Number(event.currentTarget.value))}
            options={KEEP_CHOICES.map((count) => ({ value: count, label: intl.formatNumber(count) }))}
            data-testid="ws-messages-to-keep"
          />
        </label>
      </div>
      <MessageFilterBar filter={store.filter} onChange={applyFilter} />
      <MessageList store={store} newestFirst={newestFirst} selectedSeq={openSeq} onOpen={onOpen} />
      <MessageDetailsDrawer isOpen={openSeq !== undefined} message={openSeq === undefined ? undefined : store.get(openSeq)} onClose={() => setOpenSeq(undefined)} />
    </section>
  );
}

/** The numbers above the list, re-read on every frame with news. */
function MessageCounts({ session }: { session: WsSession }) {
  const store: MessageStore = session.messages;
  useFrameVersion(store);
  const { received, droppedByLimit } = store.tally;
  return (
    <span className={`${Classes.TEXT_MUTED} ws-messages__counts`}>
      <span data-testid="ws-message-counts">
        <FormattedMessage id="ws-client.message-counts" values={{ shown: store.filteredCount, kept: store.size }} />
      </span>
      {' · '}
      <span data-testid="ws-message-tally" data-received={received} data-dropped={droppedByLimit}>
        <FormattedMessage id="ws-client.message-tally" values={{ received, dropped: droppedByLimit }} />
      </span>
      {' · '}
      <IncomingRate rate={() => session.incomingRate()} />
    </span>
  );
}
