import { LayersIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'shared-subscription.groups' } });

/** Spec section 2, /shared-subscriptions/manage: shared subscription groups. */
export default function SharedSubscriptionGroupsPage() {
  return <PagePlaceholder title={messages.title} icon={<LayersIcon />} />;
}
