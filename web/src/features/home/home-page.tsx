import { useCurrentUser } from '../../api/use-current-user';
import { ExtensionPanel } from '../../components/broker-support/extension-panel';
import { AlertsCard } from './alerts-card';
import { ClientCredentialsCard } from './client-credentials-card';
import { ConfigCard } from './config-card';
import { MonitoringCard } from './monitoring-card';
import { GettingStartedCard } from './getting-started-card';
import { KafkaBrokersCard } from './kafka-brokers-card';
import { KafkaConsumerGroupsCard } from './kafka-consumer-groups-card';
import { KafkaTopicsCard } from './kafka-topics-card';
import { useGettingStartedProgress } from './getting-started-progress';
import { QuickLinksCard } from './quick-links-card';
import { SessionsCard } from './sessions-card';
import { VersionCard } from './version-card';
import './home-page.css';

/**
 * Spec section 2, home dashboard: monitoring, active alerts, sessions, client credentials, config, Kafka
 * brokers, topics and consumer groups, version, quick links and getting started, each a card with a title
 * link and a help icon.
 */
export default function HomePage() {
  const user = useCurrentUser();
  const gettingStarted = useGettingStartedProgress(user?.id);
  const showGettingStarted = () => gettingStarted.record({ hidden: false });
  return (
    <div className="home-page__cards">
      <MonitoringCard />
      <SessionsCard />
      <ClientCredentialsCard />
      {/* Alert rules are Starling's own: a broker without them has no alerts to show. */}
      <ExtensionPanel extension="alertRules" fallback={null}>
        <AlertsCard />
      </ExtensionPanel>
      <ConfigCard />
      <KafkaBrokersCard />
      <KafkaTopicsCard />
      <KafkaConsumerGroupsCard />
      <VersionCard />
      <QuickLinksCard onShowGettingStarted={gettingStarted.progress?.hidden ? showGettingStarted : undefined} />
      {gettingStarted.progress && !gettingStarted.progress.hidden && <GettingStartedCard progress={gettingStarted.progress} onProgress={gettingStarted.record} />}
    </div>
  );
}
