import { DesktopIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'session.sessions' } });

/** Spec section 2, /sessions: client sessions. */
export default function SessionsPage() {
  return <PagePlaceholder title={messages.title} icon={<DesktopIcon />} />;
}
