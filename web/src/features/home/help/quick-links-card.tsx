import { Button } from '@blueprintjs/core';
import { FlagIcon, LinkIcon } from '@blueprintjs/icons';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { DocsPage } from '../../../components/docs/docs-url';
import { useDocsUrl } from '../../../components/docs/use-docs-url';
import { HomeCard } from '../home-card';

/** Spec section 2, home "quick links": documentation for the most common tasks, in the spec's order. */
export const QUICK_LINKS = [
  { page: 'rest-api', label: 'home.docs-rest-api' },
  { page: 'config', label: 'home.docs-config' },
  { page: 'iot-platform-integration', label: 'home.docs-iot-platform-integration' },
  { page: 'performance-tests', label: 'home.docs-performance-tests' },
  { page: 'security', label: 'home.docs-security' },
  { page: 'mqtt-client-type', label: 'home.docs-mqtt-client-type' },
  { page: 'shared-subscriptions', label: 'home.docs-shared-subscriptions' },
  { page: 'retained-messages', label: 'home.docs-retained-messages' },
] as const satisfies readonly { page: DocsPage; label: MessageDescriptor['id'] }[];

export interface QuickLinksCardProps {
  /** Given while the getting-started card is hidden: brings it back. */
  onShowGettingStarted?: () => void;
}

/** Spec section 2, home dashboard "quick links": each opens the documentation shipped with the broker in a new tab. */
export function QuickLinksCard({ onShowGettingStarted }: QuickLinksCardProps) {
  const docsUrl = useDocsUrl();
  return (
    <HomeCard id="quick-links" title={<FormattedMessage id="home.quick-links" />} icon={<LinkIcon />} docsPage="index">
      <ul className="home-quick-links">
        {QUICK_LINKS.map(({ page, label }) => (
          <li key={page}>
            <a href={docsUrl(page)} target="_blank" rel="noopener">
              <FormattedMessage id={label} />
            </a>
          </li>
        ))}
      </ul>
      {onShowGettingStarted && (
        <Button variant="minimal" size="small" icon={<FlagIcon />} className="home-card__footer" onClick={onShowGettingStarted}>
          <FormattedMessage id="home.getting-started-show" />
        </Button>
      )}
    </HomeCard>
  );
}
