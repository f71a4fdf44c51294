import { Classes } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../api/auth/use-current-user';
import { ExtensionPanel } from '../../components/broker-support/extension-panel';
import { useBreakpointChoice } from '../../components/media-query/use-media-query';
import { AlertsCard } from './monitoring/alerts-card';
import { useAfterFirstPaint } from './after-first-paint';
import { ClientCredentialsCard } from './clients/client-credentials-card';
import { ConfigCard } from './broker-info/config-card';
import { GettingStartedCard } from './help/getting-started-card';
import { gridColumns, HOME_CARD_COLUMNS } from './home-layout';
import { KafkaBrokersCard } from './kafka/kafka-brokers-card';
import { KafkaConsumerGroupsCard } from './kafka/kafka-consumer-groups-card';
import { KafkaTopicsCard } from './kafka/kafka-topics-card';
import { useGettingStartedProgress } from './help/getting-started-progress';
import { QuickLinksCard } from './help/quick-links-card';
import { SessionsCard } from './clients/sessions-card';
import { VersionCard } from './broker-info/version-card';
import './home-page.css';

// The charts' code is not needed for the counters: it arrives while they show.
const MonitoringCard = lazy(() => import('./monitoring/monitoring-card').then(({ MonitoringCard: card }) => ({ default: card })));

/** Holds a card's place, at its usual size, until the card renders: nothing below it moves. */
function CardPlaceholder({ variant }: { variant?: 'wide' | 'tall' }) {
  const className = [Classes.CARD, 'home-card', 'home-card--placeholder', variant && `home-card--${variant}`, variant === 'wide' && 'home-card--placeholder-charts'].filter(Boolean).join(' ');
  return <div className={className} />;
}

/**
 * Spec section 2, home dashboard: monitoring, active alerts, sessions, client credentials, config, Kafka
 * brokers, topics and consumer groups, version, quick links and getting started, each a card with a title
 * link and a help icon. The counters (sessions, credentials, alerts, version) render first; the charts
 * and the other cards once that frame is painted (issue 29: sign-in → counters fast, no long task).
 */
export default function HomePage() {
  const user = useCurrentUser();
  const gettingStarted = useGettingStartedProgress(user?.id);
  const rest = useAfterFirstPaint();
  const showGettingStarted = () => gettingStarted.record({ hidden: false });
  const columns = useBreakpointChoice(HOME_CARD_COLUMNS, 1);
  return (
    <div className="home-page__cards" style={gridColumns(columns)}>
      {rest ? (
        <Suspense fallback={<CardPlaceholder variant="wide" />}>
          <MonitoringCard />
        </Suspense>
      ) : (
        <CardPlaceholder variant="wide" />
      )}
      <SessionsCard />
      <ClientCredentialsCard />
      {/* Alert rules are Starling's own: a broker without them has no alerts to show. */}
      <ExtensionPanel extension="alertRules" fallback={null}>
        <AlertsCard />
      </ExtensionPanel>
      {rest ? (
        <>
          <ConfigCard />
          <KafkaBrokersCard />
          <KafkaTopicsCard />
          <KafkaConsumerGroupsCard />
        </>
      ) : (
        <>
          <CardPlaceholder variant="tall" />
          <CardPlaceholder />
          <CardPlaceholder />
          <CardPlaceholder />
        </>
      )}
      <VersionCard />
      {rest && <QuickLinksCard onShowGettingStarted={gettingStarted.progress?.hidden ? showGettingStarted : undefined} />}
      {rest && gettingStarted.progress && !gettingStarted.progress.hidden && <GettingStartedCard progress={gettingStarted.progress} onProgress={gettingStarted.record} />}
    </div>
  );
}
