import { Tag, Tooltip } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { Integration } from '../../api/generated/model/integration';

/** Started, failed (the broker's error in a tooltip) or stopped: a disabled integration runs nothing. */
export function IntegrationStatusTag({ integration }: { integration: Integration }) {
  if (!integration.enabled) {
    return (
      <Tag minimal>
        <FormattedMessage id="integration.status.stopped" />
      </Tag>
    );
  }
  if (integration.status && integration.status.success === false) {
    return (
      <Tooltip content={integration.status.error ?? ''}>
        <Tag intent="danger" minimal tabIndex={0} data-testid="integration-status-failed">
          <FormattedMessage id="integration.status.failed" />
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag intent="success" minimal>
      <FormattedMessage id="integration.status.started" />
    </Tag>
  );
}
