import { Classes, SegmentedControl } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../copy-button/copy-button';
import { DataSizeText } from '../format/data-size-text';
import { JsonTree } from './json-tree';
import {
  availableContentTypes,
  base64OfBytes,
  hexDump,
  lenientTextOf,
  type PayloadContentType,
  type PayloadFormatIndicator,
  readPayload,
} from './payload-content';
import './payload-viewer.css';

/** The hex view shows this many bytes at most; the base64 view always holds the whole payload. */
export const HEX_VIEW_BYTES = 16 * 1024;

interface PayloadViewerProps {
  /** The whole payload. */
  payload: Uint8Array;
  /** MQTT 5 Payload Format Indicator, when the message carried one. */
  formatIndicator?: PayloadFormatIndicator;
}

const LABELS = { JSON: 'payload.json', TEXT: 'payload.text', BINARY: 'payload.binary' } as const;

function BinaryView({ payload }: { payload: Uint8Array }) {
  const base64 = useMemo(() => base64OfBytes(payload), [payload]);
  const shown = payload.subarray(0, HEX_VIEW_BYTES);
  return (
    <div className="payload-viewer__binary">
      <div className="payload-viewer__subheading">
        <FormattedMessage id="payload.hex" />
      </div>
      <pre className={`${Classes.MONOSPACE_TEXT} payload-viewer__block`} data-testid="payload-hex">
        {hexDump(shown)}
      </pre>
      {shown.length < payload.length && (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="payload.hex-shortened" values={{ shown: shown.length, total: payload.length }} />
        </p>
      )}
      <div className="payload-viewer__subheading">
        <FormattedMessage id="payload.base64" />
        <CopyButton text={base64} size="small" />
      </div>
      <pre className={`${Classes.MONOSPACE_TEXT} payload-viewer__block payload-viewer__block--wrapped`} data-testid="payload-base64">
        {base64}
      </pre>
    </div>
  );
}

/**
 * A message payload (spec section 3, payload content types), shown as JSON (pretty-printed,
 * foldable), TEXT or BINARY (hex and base64): chosen from the format indicator and the bytes,
 * switchable by the reader. Shared by the retained messages page and the web-socket client.
 */
export function PayloadViewer({ payload, formatIndicator }: PayloadViewerProps) {
  const intl = useIntl();
  const reading = useMemo(() => readPayload(payload, formatIndicator), [payload, formatIndicator]);
  const [chosen, setChosen] = useState<PayloadContentType | undefined>(undefined);
  const shown = chosen ?? reading.suggested;
  const text = useMemo(() => reading.text ?? lenientTextOf(payload), [reading, payload]);
  const available = availableContentTypes(reading);
  return (
    <div className="payload-viewer">
      <div className="payload-viewer__header">
        <SegmentedControl
          size="small"
          aria-label={intl.formatMessage({ id: 'payload.show-as' })}
          value={shown}
          onValueChange={(value) => setChosen(value as PayloadContentType)}
          options={available.map((type) => ({ value: type, label: intl.formatMessage({ id: LABELS[type] }) }))}
        />
        <span className={Classes.TEXT_MUTED} data-testid="payload-size">
          <DataSizeText bytes={payload.length} />
        </span>
        {shown !== 'BINARY' && <CopyButton text={shown === 'JSON' ? JSON.stringify(reading.json?.value, null, 2) : text} size="small" />}
      </div>
      {shown === 'JSON' && reading.json && <JsonTree value={reading.json.value} />}
      {shown === 'TEXT' &&
        (payload.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>
            <FormattedMessage id="payload.empty" />
          </p>
        ) : (
          <pre className={`${Classes.MONOSPACE_TEXT} payload-viewer__block payload-viewer__block--wrapped`} data-testid="payload-text">
            {text}
          </pre>
        ))}
      {shown === 'BINARY' && <BinaryView payload={payload} />}
    </div>
  );
}
