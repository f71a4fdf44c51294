import { Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RetainedMessageInfo } from '../../../api/generated/model/retainedMessageInfo';
import { bytesOfBase64, payloadPreview } from '../../../components/payload-viewer/payload-content';

/** The first bytes of a payload on one line: as text, or as hex with a tag saying so. */
export function PayloadPreviewCell({ message }: { message: RetainedMessageInfo }) {
  const preview = useMemo(() => {
    const bytes = bytesOfBase64(message.payloadPreview);
    return payloadPreview(bytes, message.payloadFormatIndicator, { truncated: bytes.length < message.payloadSize });
  }, [message.payloadPreview, message.payloadFormatIndicator, message.payloadSize]);
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
