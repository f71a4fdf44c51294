import { ArchiveIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'retained-message.retained-messages' } });

/** Spec section 2, /retained-messages: retained messages. */
export default function RetainedMessagesPage() {
  return <PagePlaceholder title={messages.title} icon={<ArchiveIcon />} />;
}
