import { Tag } from '@blueprintjs/core';
import { FormattedDate, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { Alert } from '../../../api/generated/model/alert';
import { AlertTable, EntityName } from './alert-cells';
import { METRIC_LABELS, OPERATOR_SIGNS, STATUS_LABELS } from './alert-labels';

const COLUMNS: NonNullable<MessageDescriptor['id']>[] = ['alert.status', 'alert.rule', 'alert.value', 'alert.started', 'alert.ended', 'alert.mail'];

function MailState({ alert }: { alert: Alert }) {
  if (alert.mailSent) return <FormattedMessage id="alert.mail-sent" />;
  if (alert.mailError === undefined) return <FormattedMessage id="alert.mail-waiting" />;
  return (
    <span className="alerts-section__mail-error" title={alert.mailError}>
      <FormattedMessage id="alert.mail-failed" />: {alert.mailError}
    </span>
  );
}

/** Fired alerts, newest first: what they watched, the value that fired them, when, and whether the mail went out. */
export function AlertHistoryTable({ alerts }: { alerts: Alert[] }) {
  const intl = useIntl();
  return (
    <AlertTable label="alert.alert-history" columns={COLUMNS}>
      {alerts.map((alert) => (
        <tr key={alert.id} data-testid="alert-row">
          <td>
            <Tag minimal intent={alert.status === 'ACTIVE' ? 'danger' : 'success'} data-testid="alert-status">
              <FormattedMessage id={STATUS_LABELS[alert.status]} />
            </Tag>
          </td>
          <td>
            <div>{alert.ruleName}</div>
            <div className="alerts-section__muted">
              <FormattedMessage id={METRIC_LABELS[alert.key]} /> · <EntityName entityId={alert.entityId} />
            </div>
          </td>
          <td>
            <FormattedMessage
              id="alert.value-against-threshold"
              values={{ value: intl.formatNumber(alert.value), condition: `${OPERATOR_SIGNS[alert.operator]} ${intl.formatNumber(alert.threshold)}` }}
            />
          </td>
          <td>
            <FormattedDate value={alert.startTs} dateStyle="medium" timeStyle="medium" />
          </td>
          <td>{alert.endTs === undefined ? '' : <FormattedDate value={alert.endTs} dateStyle="medium" timeStyle="medium" />}</td>
          <td>
            <MailState alert={alert} />
          </td>
        </tr>
      ))}
    </AlertTable>
  );
}
