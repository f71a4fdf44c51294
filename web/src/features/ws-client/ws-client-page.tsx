import { GlobeNetworkIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'ws-client.ws-client' } });

/** Spec section 2, /ws-client: the built-in web-socket MQTT client. */
export default function WsClientPage() {
  return <PagePlaceholder title={messages.title} icon={<GlobeNetworkIcon />} />;
}
