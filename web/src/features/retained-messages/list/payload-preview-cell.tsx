import { Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RetainedMessageInfo } from '../../../api/generated/model/retainedMessageInfo';
import { bytesOfBase64, payloadPreview } from '../../../components/payload-viewer/payload-content';

/** Bytes a one-line preview reads at most. */
const PREVIEW_BYTES = 96;

/** The preview's bytes: Starling's own preview when sent, else the start of the payload text every broker sends. */
function previewBytes(message: RetainedMessageInfo): { bytes: Uint8Array; truncated: boolean } {
  if (message.payloadPreview !== undefined) {
    const bytes = bytesOfBase64(message.payloadPreview);
    return { bytes, truncated: message.payloadSize !== undefined && bytes.length < message.payloadSize };
  }
  const bytes = new TextEncoder().encode(message.payload);
  return { bytes: bytes.subarray(0, PREVIEW_BYTES), truncated: bytes.length > PREVIEW_BYTES };
}

/** The first bytes of a payload on one line: as text, or as hex with a tag saying so. */
export function PayloadPreviewCell({ message }: { message: RetainedMessageInfo }) {
  const preview = useMemo(() => {
    const { bytes, truncated } = previewBytes(message);
    return payloadPreview(bytes, message.payloadFormatIndicator, { truncated });
  }, [message]);
  return (
    <span className="retained-table__payload" title={preview.text}>
      {preview.kind === 'BINARY' && (
        <Tag minimal className="retained-table__payload-kind">
          <FormattedMessage id="payload.hex" />
        </Tag>
      )}
      <code>{preview.text}</code>
    </span>
  );
}
