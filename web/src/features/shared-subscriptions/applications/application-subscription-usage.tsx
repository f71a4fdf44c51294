import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { InfoSignIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { isValidShareName, subscriptionTopicOf } from './application-subscription-form';

interface ApplicationSubscriptionUsageProps {
  shareName: string;
  onShareNameChange: (shareName: string) => void;
  /** A subscription's topic filter to show the subscription topic with; none while the list is empty. */
  exampleTopicFilter: string | undefined;
}

/**
 * How an APPLICATION client receives a subscription's messages: it subscribes to
 * `$share/{group}/{topic filter}`. The share name typed here goes into every copied subscription topic.
 */
export function ApplicationSubscriptionUsage({ shareName, onShareNameChange, exampleTopicFilter }: ApplicationSubscriptionUsageProps) {
  const intl = useIntl();
  const valid = isValidShareName(shareName);
  const example = exampleTopicFilter && valid ? subscriptionTopicOf(shareName, exampleTopicFilter) : undefined;
  return (
    <Callout icon={<InfoSignIcon />} compact className="app-shared-subscriptions__usage" title={intl.formatMessage({ id: 'app-shared-subscription.usage-title' })}>
      <p>
        <FormattedMessage id="app-shared-subscription.usage-text" values={{ code: (chunks) => <code>{chunks}</code> }} />
      </p>
      <div className="app-shared-subscriptions__usage-row">
        <FormGroup
          inline
          label={<FormattedMessage id="app-shared-subscription.share-name" />}
          labelFor="app-shared-subscription-share-name"
          intent={valid ? 'none' : 'danger'}
          helperText={valid ? undefined : <FormattedMessage id="app-shared-subscription.share-name-invalid" />}
        >
          <InputGroup id="app-shared-subscription-share-name" value={shareName} onValueChange={onShareNameChange} intent={valid ? 'none' : 'danger'} aria-invalid={!valid} />
        </FormGroup>
        {example && (
          <span className="app-shared-subscriptions__example" data-testid="app-shared-subscription-example">
            <code>{example}</code>
            <CopyButton text={example} size="small" />
          </span>
        )}
      </div>
    </Callout>
  );
}
