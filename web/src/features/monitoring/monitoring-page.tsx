import { TimelineAreaChartIcon } from '@blueprintjs/icons';
import { defineMessages } from 'react-intl';
import { PagePlaceholder } from '../../components/page-placeholder/page-placeholder';

const messages = defineMessages({ title: { id: 'monitoring.monitoring' } });

/** Spec section 2, /monitoring: broker statistics over time. */
export default function MonitoringPage() {
  return <PagePlaceholder title={messages.title} icon={<TimelineAreaChartIcon />} />;
}
