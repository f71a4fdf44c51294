import { Switch } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { AlertRule } from '../../../api/generated/model/alertRule';
import { TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { AlertTable, EntityName, RowButton } from './alert-cells';
import { durationText, METRIC_LABELS, OPERATOR_SIGNS } from './alert-labels';
import { ChangeAction } from '../../../components/roles/change-action';

const COLUMNS: NonNullable<MessageDescriptor['id']>[] = ['alert.name', 'alert.metric', 'alert.entity', 'alert.condition', 'alert.duration', 'alert.recipients', 'alert.enabled'];

interface AlertRulesTableProps {
  rules: AlertRule[];
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
  onToggle: (rule: AlertRule) => void;
}

/** The alert rules, by name, each with its condition and who gets its mail. */
export function AlertRulesTable({ rules, onEdit, onDelete, onToggle }: AlertRulesTableProps) {
  const intl = useIntl();
  return (
    <AlertTable label="alert.alert-rules" columns={COLUMNS} withActions>
      {rules.map((rule) => (
        <tr key={rule.id} data-testid="alert-rule-row">
          <td>{rule.name}</td>
          <td>
            <FormattedMessage id={METRIC_LABELS[rule.key]} />
          </td>
          <td>
            <EntityName entityId={rule.entityId} />
          </td>
          <td>{`${OPERATOR_SIGNS[rule.operator]} ${intl.formatNumber(rule.threshold)}`}</td>
          <td>{durationText(intl, rule.durationSec)}</td>
          <td>{rule.recipients.length === 0 ? <FormattedMessage id="alert.recipients-all" /> : rule.recipients.join(', ')}</td>
          <td>
            <ChangeAction>
              <Switch
                className="alerts-section__switch"
                checked={rule.enabled}
                aria-label={intl.formatMessage({ id: 'alert.enable-rule-named' }, { name: rule.name })}
                onChange={() => onToggle(rule)}
              />
            </ChangeAction>
          </td>
          <td className={TABLE_ACTIONS_CLASS}>
            <RowButton label={intl.formatMessage({ id: 'alert.edit-rule-named' }, { name: rule.name })} icon={<EditIcon />} onClick={() => onEdit(rule)} />
            <RowButton label={intl.formatMessage({ id: 'alert.delete-rule-named' }, { name: rule.name })} icon={<TrashIcon />} onClick={() => onDelete(rule)} changes />
          </td>
        </tr>
      ))}
    </AlertTable>
  );
}
