import { Classes, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { CogIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { getGetBrokerConfigQueryKey, useGetBrokerConfig } from '../../../api/generated/endpoints/app/app';
import { type ConfigValue, configRows } from './config-rows';
import { HomeCard } from '../home-card';
import { HOME_SLOW_REFRESH_MS } from '../home-refresh';

/** A value as the card shows it: booleans as Yes/No tags, numbers as written (ports are not grouped). */
function ConfigValueView({ value }: { value: ConfigValue }) {
  if (typeof value === 'boolean') {
    return (
      <Tag minimal intent={value ? 'success' : 'none'}>
        <FormattedMessage id={value ? 'common.yes' : 'common.no'} />
      </Tag>
    );
  }
  return typeof value === 'string' ? <span className="home-config__value">{value}</span> : String(value);
}

/** Spec section 2, home dashboard "config": the broker's configuration, refreshed every 660000 ms. */
export function ConfigCard() {
  const config = useGetBrokerConfig({
    // The session loaded the config at sign-in: fresh until the next slow refresh, not asked again on mount.
    query: { queryKey: getGetBrokerConfigQueryKey(), staleTime: HOME_SLOW_REFRESH_MS, refetchInterval: HOME_SLOW_REFRESH_MS },
    request: { ignoreLoading: true },
  });
  return (
    <HomeCard id="config" title={<FormattedMessage id="home.config" />} icon={<CogIcon />} docsPage="config" className="home-card--tall">
      {config.isPending && <Spinner size={20} />}
      {config.isError && (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="home.config-unavailable" />
        </p>
      )}
      {config.data && (
        <HTMLTable compact className="home-config" aria-labelledby="home-config-title">
          <tbody>
            {configRows(config.data).map(({ key, label, value }) => (
              <tr key={key} data-testid={`config-${key}`}>
                <th scope="row">{label ? <FormattedMessage id={label} /> : key}</th>
                <td>
                  <ConfigValueView value={value} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </HomeCard>
  );
}
