import { Button, Classes, Spinner } from '@blueprintjs/core';
import { CrossIcon, FlagIcon, TickCircleIcon } from '@blueprintjs/icons';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../../api/generated/endpoints/app/app';
import { getGetClientSessionStatsQueryKey, useGetClientSessionStats } from '../../../api/generated/endpoints/client-session/client-session';
import { getGetMqttClientCredentialsInfoQueryKey, useGetMqttClientCredentialsInfo } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import { CopyButton } from '../../../components/copy-button/copy-button';
import { type ClientCommands, gettingStartedCommands, PASSWORD_PLACEHOLDER, USERNAME_PLACEHOLDER } from './getting-started-commands';
import type { GettingStartedProgress } from './getting-started-progress';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS, HOME_SHARED_ANSWER_MS, HOME_SLOW_REFRESH_MS } from '../home-refresh';

/** Until a client has connected, the card asks the counters this often, to tick its steps off live. */
export const GETTING_STARTED_POLL_MS = 3000;

function Step({ number, done, title, children }: { number: number; done?: boolean; title: MessageDescriptor['id']; children: ReactNode }) {
  const intl = useIntl();
  return (
    <li className="getting-started__step" data-testid={`getting-started-step-${number}`} data-done={done ? 'true' : 'false'}>
      <span className="getting-started__marker">
        {done ? <TickCircleIcon className={Classes.INTENT_SUCCESS} size={20} aria-label={intl.formatMessage({ id: 'home.getting-started-step-done' })} /> : number}
      </span>
      <div className="getting-started__body">
        <div className="getting-started__title">
          <FormattedMessage id={title} />
        </div>
        {children}
      </div>
    </li>
  );
}

function Commands({ commands }: { commands: ClientCommands | undefined }) {
  if (!commands) return <Spinner size={16} />;
  const rows = [
    { label: 'home.getting-started-mosquitto', command: commands.mosquitto },
    { label: 'home.getting-started-mqttjs', command: commands.mqttJs },
  ] as const;
  return rows.map(({ label, command }) => (
    <div key={label} className="getting-started__command">
      <span className={Classes.TEXT_MUTED}>
        <FormattedMessage id={label} />
      </span>
      <div className="getting-started__command-line">
        <code>{command}</code>
        <CopyButton text={command} size="small" />
      </div>
    </div>
  ));
}

export interface GettingStartedCardProps {
  progress: GettingStartedProgress;
  onProgress(change: Partial<GettingStartedProgress>): void;
}

/**
 * Spec section 2, home dashboard "getting started": the first client's commands for this broker's host
 * and MQTT port. The connect step turns done as soon as the broker counts a connected client, and stays
 * done; the card can be hidden.
 */
export function GettingStartedCard({ progress, onProgress }: GettingStartedCardProps) {
  const intl = useIntl();
  const config = useGetBrokerConfig({ query: { queryKey: getGetBrokerConfigQueryKey(), staleTime: HOME_SLOW_REFRESH_MS, refetchInterval: HOME_SLOW_REFRESH_MS }, request: { ignoreLoading: true } });
  const refetchInterval = progress.clientConnected ? HOME_REFRESH_MS : GETTING_STARTED_POLL_MS;
  const credentials = useGetMqttClientCredentialsInfo({
    query: { queryKey: getGetMqttClientCredentialsInfoQueryKey(), staleTime: HOME_SHARED_ANSWER_MS, refetchInterval },
    request: { ignoreLoading: true },
  });
  const sessions = useGetClientSessionStats({ query: { queryKey: getGetClientSessionStatsQueryKey(), staleTime: HOME_SHARED_ANSWER_MS, refetchInterval }, request: { ignoreLoading: true } });
  const someoneConnected = (sessions.data?.connectedCount ?? 0) > 0;
  useEffect(() => {
    if (someoneConnected && !progress.clientConnected) onProgress({ clientConnected: true });
  }, [someoneConnected, progress.clientConnected, onProgress]);

  const commands = gettingStartedCommands(config.data, window.location.hostname);
  const hideLabel = intl.formatMessage({ id: 'home.getting-started-hide' });
  const placeholders = { username: <code>{USERNAME_PLACEHOLDER}</code>, password: <code>{PASSWORD_PLACEHOLDER}</code> };
  return (
    <HomeCard
      id="getting-started"
      title={<FormattedMessage id="home.getting-started" />}
      icon={<FlagIcon />}
      docsPage="getting-started"
      className="home-card--wide"
      actions={<Button variant="minimal" size="small" icon={<CrossIcon />} aria-label={hideLabel} title={hideLabel} onClick={() => onProgress({ hidden: true })} />}
    >
      <ol className="getting-started">
        <Step number={1} done={(credentials.data?.totalCount ?? 0) > 0} title="home.getting-started-credentials-title">
          <p>
            <FormattedMessage id="home.getting-started-credentials-text" />
          </p>
          <Link href="/client-credentials">
            <FormattedMessage id="home.getting-started-credentials-link" />
          </Link>
        </Step>
        <Step number={2} done={progress.clientConnected} title="home.getting-started-subscribe-title">
          <p>
            <FormattedMessage id="home.getting-started-subscribe-text" values={placeholders} />
          </p>
          <Commands commands={commands?.subscribe} />
          <p className={progress.clientConnected ? undefined : Classes.TEXT_MUTED} data-testid="getting-started-connection" aria-live="polite">
            <FormattedMessage id={progress.clientConnected ? 'home.getting-started-connected' : 'home.getting-started-waiting'} />
          </p>
        </Step>
        <Step number={3} title="home.getting-started-publish-title">
          <p>
            <FormattedMessage id="home.getting-started-publish-text" />
          </p>
          <Commands commands={commands?.publish} />
        </Step>
      </ol>
    </HomeCard>
  );
}
