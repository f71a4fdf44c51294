import { Classes, Tag } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon } from '@blueprintjs/icons';
import { memo, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { payloadPreview } from '../../../components/payload-viewer/payload-content';
import type { WsMessage } from './ws-message';

/** The preview reads this many bytes of a payload at most, and shows this many characters. */
const PREVIEW_BYTES = 400;
const PREVIEW_CHARACTERS = 100;

/** One list line's payload: decoded only when the row is on screen, and only its first bytes. */
export function previewOf(message: WsMessage): { kind: 'TEXT' | 'BINARY'; text: string } {
  const { payload } = message;
  const preview = payloadPreview(payload.subarray(0, PREVIEW_BYTES), message.properties?.payloadFormatIndicator ? 1 : undefined, { truncated: payload.length > PREVIEW_BYTES });
  return { kind: preview.kind, text: preview.text.length > PREVIEW_CHARACTERS ? `${preview.text.slice(0, PREVIEW_CHARACTERS)}…` : preview.text };
}

interface MessageRowProps {
  message: WsMessage;
  selected: boolean;
  onOpen: (seq: number) => void;
}

/** A message in the list: time, direction, topic, QoS, retain and the start of its payload, marked in its subscription's colour. */
export const MessageRow = memo(function MessageRow({ message, selected, onOpen }: MessageRowProps) {
  const intl = useIntl();
  const preview = useMemo(() => previewOf(message), [message]);
  const received = message.direction === 'RECEIVED';
  const direction = intl.formatMessage({ id: received ? 'ws-client.message-received' : 'ws-client.message-published' });
  return (
    <button
      type="button"
      className={selected ? 'ws-message-row ws-message-row--selected' : 'ws-message-row'}
      style={{ borderLeftColor: message.color ?? 'transparent' }}
      onClick={() => onOpen(message.seq)}
      data-testid="ws-message-row"
      aria-label={intl.formatMessage({ id: 'ws-client.open-message' }, { topic: message.topic })}
    >
      <span className="ws-message-row__line">
        <span className={received ? 'ws-message-row__direction ws-message-row__direction--received' : 'ws-message-row__direction'} title={direction} aria-label={direction}>
          {received ? <ArrowDownIcon size={12} /> : <ArrowUpIcon size={12} />}
        </span>
        <span className={`ws-message-row__time ${Classes.TEXT_MUTED}`}>{intl.formatTime(message.time, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 })}</span>
        <span className="ws-message-row__topic">{message.topic}</span>
        {/* multiline: an ellipsizing Tag measures its width after every render, a forced layout per new row. */}
        <Tag minimal round multiline className="ws-message-row__tag">
          {intl.formatMessage({ id: 'ws-client.message-qos' }, { qos: message.qos })}
        </Tag>
        {message.retain && (
          <Tag minimal round multiline intent="primary" className="ws-message-row__tag">
            {intl.formatMessage({ id: 'ws-client.message-retained' })}
          </Tag>
        )}
      </span>
      <span className={preview.kind === 'BINARY' ? `ws-message-row__payload ${Classes.TEXT_MUTED}` : 'ws-message-row__payload'}>{preview.text}</span>
    </button>
  );
});
