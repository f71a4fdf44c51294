import { ManyToManyIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'kafka.consumer-groups' } });

/** Spec section 2, /kafka/consumer-groups: Kafka consumer groups. */
export default function KafkaConsumerGroupsPage() {
  return <PagePlaceholder title={messages.title} icon={<ManyToManyIcon />} />;
}
