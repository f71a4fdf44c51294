import { Classes, Spinner } from '@blueprintjs/core';
import { DesktopIcon } from '@blueprintjs/icons';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { getGetClientSessionStatsQueryKey, useGetClientSessionStats } from '../../../api/generated/endpoints/client-session/client-session';
import { shortNumber } from '../../../components/format/short-number';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS, HOME_SHARED_ANSWER_MS } from '../home-refresh';

/** Each counter opens the sessions list filtered to what it counts (spec section 2). */
const COUNTERS = [
  { key: 'connectedCount', label: 'home.sessions-connected', link: '/sessions?connectedStatusList=CONNECTED' },
  { key: 'disconnectedCount', label: 'home.sessions-disconnected', link: '/sessions?connectedStatusList=DISCONNECTED' },
  { key: 'totalCount', label: 'home.sessions-total', link: '/sessions' },
] as const satisfies readonly { key: string; label: MessageDescriptor['id']; link: string }[];

/** Spec section 2, home dashboard "sessions" section: connected, disconnected and total sessions. */
export function SessionsCard() {
  const intl = useIntl();
  const stats = useGetClientSessionStats({
    query: { queryKey: getGetClientSessionStatsQueryKey(), staleTime: HOME_SHARED_ANSWER_MS, refetchInterval: HOME_REFRESH_MS },
    request: { ignoreLoading: true },
  });
  return (
    <HomeCard id="sessions" title={<FormattedMessage id="session.sessions" />} icon={<DesktopIcon />} link="/sessions" docsPage="sessions">
      {stats.data ? (
        <div className="home-card__counters">
          {COUNTERS.map(({ key, label, link }) => (
            <Link key={key} href={link} className="home-card__counter" data-testid={`home-${key}`}>
              <span className="home-card__value" title={intl.formatNumber(stats.data[key])}>
                {shortNumber(stats.data[key], intl.locale)}
              </span>
              <span className={Classes.TEXT_MUTED}>
                <FormattedMessage id={label} />
              </span>
            </Link>
          ))}
        </div>
      ) : (
        <Spinner size={20} />
      )}
    </HomeCard>
  );
}
