import { ApplicationsIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'shared-subscription.applications' } });

/** Spec section 2, /shared-subscriptions/applications: application shared subscriptions. */
export default function SharedSubscriptionApplicationsPage() {
  return <PagePlaceholder title={messages.title} icon={<ApplicationsIcon />} />;
}
