import { KeyIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'mqtt-client-credentials.client-credentials' } });

/** Spec section 2, /client-credentials: MQTT client credentials. */
export default function ClientCredentialsPage() {
  return <PagePlaceholder title={messages.title} icon={<KeyIcon />} />;
}
