import { Card, Classes, H3, Spinner } from '@blueprintjs/core';
import { TagIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { useGetSystemInfo } from '../../api/generated/endpoints/system/system';

/** Spec section 2, home dashboard "version" section: the version the broker reports. */
export function VersionCard() {
  const systemInfo = useGetSystemInfo();
  return (
    <Card className="home-card" aria-labelledby="home-version-title">
      <H3 id="home-version-title" className="home-card__title">
        <TagIcon className={Classes.TEXT_MUTED} />
        <FormattedMessage id="home.version" />
      </H3>
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
        </>
      )}
    </Card>
  );
}
