import { Classes, Spinner } from '@blueprintjs/core';
import { NotificationsIcon, TickCircleIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { getGetAlertsQueryKey, useGetAlerts } from '../../../api/generated/endpoints/monitoring/monitoring';
import { formatTimeAgo } from '../../../components/format/time-ago';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS } from '../home-refresh';

/** The newest active alerts shown; the count tells how many there are in all. */
export const ACTIVE_ALERTS_SHOWN = 3;

const ACTIVE_ALERTS = { pageSize: ACTIVE_ALERTS_SHOWN, page: 0, statusList: 'ACTIVE' };

/** Issue 16 "alert rules" on home: how many alerts are active, the newest few and since when. */
export function AlertsCard() {
  const intl = useIntl();
  const alerts = useGetAlerts(ACTIVE_ALERTS, {
    query: { queryKey: getGetAlertsQueryKey(ACTIVE_ALERTS), refetchInterval: HOME_REFRESH_MS },
    request: { ignoreLoading: true },
  });
  const page = alerts.data;
  return (
    <HomeCard id="alerts" title={<FormattedMessage id="alert.active-alerts" />} icon={<NotificationsIcon />} link="/monitoring" docsPage="monitoring">
      {!page && <Spinner size={20} />}
      {page?.totalElements === 0 && (
        <div className="home-card__footer">
          <TickCircleIcon className={Classes.INTENT_SUCCESS} />
          <span className={Classes.TEXT_MUTED}>
            <FormattedMessage id="alert.no-active-alerts" />
          </span>
        </div>
      )}
      {page && page.totalElements > 0 && (
        <>
          <Link href="/monitoring" className="home-card__counter" data-testid="home-active-alerts-count">
            <span className="home-card__value">{intl.formatNumber(page.totalElements)}</span>
            <span className={Classes.TEXT_MUTED}>
              <FormattedMessage id="alert.active-count" values={{ count: page.totalElements }} />
            </span>
          </Link>
          <ul className={`${Classes.LIST_UNSTYLED} home-card__footer`}>
            {page.data.map((alert) => (
              <li key={alert.id} data-testid="home-active-alert">
                <strong>{alert.ruleName}</strong>{' '}
                <span className={Classes.TEXT_MUTED} title={intl.formatDate(alert.startTs, { dateStyle: 'medium', timeStyle: 'medium' })}>
                  <FormattedMessage id="alert.since" values={{ time: formatTimeAgo(intl, alert.startTs) }} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeCard>
  );
}
