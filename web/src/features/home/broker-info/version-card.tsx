import { Classes, Spinner } from '@blueprintjs/core';
import { TagIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { getGetSystemInfoQueryKey, useGetSystemInfo } from '../../../api/generated/endpoints/system/system';
import { HomeCard } from '../home-card';
import { HOME_SLOW_REFRESH_MS } from '../home-refresh';
import { fetchLatestRelease, isNewerVersion } from './latest-release';

const HOUR_MS = 3_600_000;

/** Spec section 2, home dashboard "version" section: the version the broker reports. */
export function VersionCard() {
  const systemInfo = useGetSystemInfo({ query: { queryKey: getGetSystemInfoQueryKey(), refetchInterval: HOME_SLOW_REFRESH_MS } });
  // Outside the broker's API and its HTTP layer: no loading bar, no error toast (spec section 7).
  const latestRelease = useQuery({ queryKey: ['latest-release'], queryFn: () => fetchLatestRelease(), staleTime: HOUR_MS, retry: false });
  const current = systemInfo.data?.version;
  const update = current && latestRelease.data && isNewerVersion(latestRelease.data.version, current) ? latestRelease.data : null;
  return (
    <HomeCard id="version" title={<FormattedMessage id="home.version" />} icon={<TagIcon />} docsPage="version">
      {systemInfo.isPending && <Spinner size={20} />}
      {systemInfo.isError && (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="home.broker-version-unavailable" />
        </p>
      )}
      {systemInfo.data && (
        <>
          <div className="home-card__value" data-testid="broker-version">
            {systemInfo.data.version}
          </div>
          <div className={Classes.TEXT_MUTED}>
            <FormattedMessage id="home.broker-version" />
          </div>
          {update && (
            <a href={update.url} target="_blank" rel="noreferrer" data-testid="newer-release">
              <FormattedMessage id="home.newer-release-available" values={{ version: update.version }} />
            </a>
          )}
        </>
      )}
    </HomeCard>
  );
}
