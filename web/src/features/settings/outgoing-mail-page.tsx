import { EnvelopeIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'admin.outgoing-mail' } });

/** Spec section 2, /settings/outgoing-mail: outgoing mail settings. */
export default function OutgoingMailPage() {
  return <PagePlaceholder title={messages.title} icon={<EnvelopeIcon />} />;
}
