import { ListIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'kafka.topics' } });

/** Spec section 2, /kafka/topics: Kafka topics. */
export default function KafkaTopicsPage() {
  return <PagePlaceholder title={messages.title} icon={<ListIcon />} />;
}
