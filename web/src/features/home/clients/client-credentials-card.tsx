import { Classes, Spinner } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { getGetAnonymousAccessQueryKey, useGetAnonymousAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import { getGetMqttClientCredentialsInfoQueryKey, useGetMqttClientCredentialsInfo } from '../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import { AnonymousAccessState } from '../../../components/anonymous-access/anonymous-access-state';
import { useExtension } from '../../../components/broker-support/broker-extensions';
import { CLIENT_TYPE_LOOKS } from '../../../components/client-type/client-type-tag';
import { HomeCard } from '../home-card';
import { HOME_REFRESH_MS, HOME_SHARED_ANSWER_MS } from '../home-refresh';

/**
 * Spec section 2, home dashboard "client credentials": counters by client type linking to the
 * filtered list, and whether clients without credentials may connect (README "Client access control";
 * Starling's anonymousAccess extension: left out on a broker without it).
 */
export function ClientCredentialsCard() {
  const counts = useGetMqttClientCredentialsInfo({ query: { queryKey: getGetMqttClientCredentialsInfoQueryKey(), staleTime: HOME_SHARED_ANSWER_MS, refetchInterval: HOME_REFRESH_MS } });
  const anonymousAccess = useExtension('anonymousAccess') === 'available';
  const anonymous = useGetAnonymousAccess({ query: { queryKey: getGetAnonymousAccessQueryKey(), refetchInterval: HOME_REFRESH_MS, enabled: anonymousAccess } });
  const counters = counts.data && [
    { href: '/client-credentials?clientTypeList=DEVICE', label: <FormattedMessage id={CLIENT_TYPE_LOOKS.DEVICE.label} />, value: counts.data.deviceCredentialsCount, testId: 'devices' },
    {
      href: '/client-credentials?clientTypeList=APPLICATION',
      label: <FormattedMessage id={CLIENT_TYPE_LOOKS.APPLICATION.label} />,
      value: counts.data.applicationCredentialsCount,
      testId: 'applications',
    },
    { href: '/client-credentials', label: <FormattedMessage id="home.total" />, value: counts.data.totalCount, testId: 'total' },
  ];
  return (
    <HomeCard
      id="credentials"
      title={<FormattedMessage id="mqtt-client-credentials.client-credentials" />}
      icon={<KeyIcon />}
      link="/client-credentials"
      docsPage="client-credentials"
    >
      {!counters && <Spinner size={20} />}
      {counters && (
        <div className="home-card__counters">
          {counters.map((counter) => (
            <Link key={counter.testId} href={counter.href} className="home-card__counter" data-testid={`credentials-count-${counter.testId}`}>
              <span className="home-card__value">{counter.value}</span>
              <span className={Classes.TEXT_MUTED}>{counter.label}</span>
            </Link>
          ))}
        </div>
      )}
      {anonymousAccess && anonymous.data && (
        <div className="home-card__footer">
          <FormattedMessage id="anonymous-access.anonymous-access" /> <AnonymousAccessState access={anonymous.data} showMode />
        </div>
      )}
    </HomeCard>
  );
}
