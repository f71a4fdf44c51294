import { Classes, HTMLTable } from '@blueprintjs/core';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { describeFailure } from '../connection-failure';
import type { StatusLogEntry } from '../ws-session';

/** The status log, newest first: when, which status, and the failure that came with it. */
export function StatusLog({ log }: { log: readonly StatusLogEntry[] }) {
  const intl = useIntl();
  if (log.length === 0) {
    return (
      <p className={Classes.TEXT_MUTED}>
        <FormattedMessage id="ws-client.status-log-empty" />
      </p>
    );
  }
  return (
    <div className="ws-status-log">
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>
              <FormattedMessage id="ws-client.status-log-time" />
            </th>
            <th>
              <FormattedMessage id="ws-client.status-log-status" />
            </th>
            <th>
              <FormattedMessage id="ws-client.status-log-detail" />
            </th>
          </tr>
        </thead>
        <tbody>
          {log
            .map((entry, index) => (
              <tr key={`${index}:${entry.time}`}>
                <td className="ws-status-log__time">
                  <FormattedTime value={entry.time} hour="2-digit" minute="2-digit" second="2-digit" />
                </td>
                <td>{intl.formatMessage({ id: `ws-client.status.${entry.status}` })}</td>
                <td>{entry.failure ? describeFailure(intl, entry.failure) : ''}</td>
              </tr>
            ))
            .reverse()}
        </tbody>
      </HTMLTable>
    </div>
  );
}
