import { Button, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { NotificationsIcon, PlusIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetAlertRulesQueryKey, getGetAlertsQueryKey, useDeleteAlertRule, useGetAlertRules, useSaveAlertRule } from '../../../api/generated/endpoints/monitoring/monitoring';
import type { AlertRule } from '../../../api/generated/model/alertRule';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../components/toast/toast-store';
import { AlertRuleDialog } from './alert-rule-dialog';
import { type AlertRuleFormValues, alertRuleFormOf, newAlertRuleForm } from './alert-rule-form-values';
import { AlertRulesTable } from './alert-rules-table';
import { ChangeAction } from '../../../components/roles/change-action';

/** The alert rules with add, edit, enable and delete. */
export function AlertRulesPanel() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const rules = useGetAlertRules();
  const [draft, setDraft] = useState<AlertRuleFormValues | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  // Disabling or deleting a rule resolves its active alert: the history changes too.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: getGetAlertRulesQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetAlertsQueryKey() });
  };
  const toggle = useSaveAlertRule<ApiError>({ mutation: { onSettled: refresh } });
  const remove = useDeleteAlertRule<ApiError>({
    mutation: {
      onSuccess: () => showToast({ message: intl.formatMessage({ id: 'alert.rule-deleted' }), type: 'success' }),
      onSettled: () => {
        setDeleting(null);
        refresh();
      },
    },
  });

  return (
    <section className="alerts-section__panel" aria-labelledby="alert-rules-title">
      <div className="alerts-section__toolbar">
        <H4 id="alert-rules-title">
          <FormattedMessage id="alert.alert-rules" />
        </H4>
        <ChangeAction>
          <Button intent="primary" icon={<PlusIcon />} onClick={() => setDraft(newAlertRuleForm())} data-testid="add-alert-rule">
            <FormattedMessage id="alert.add-rule" />
          </Button>
        </ChangeAction>
      </div>
      <p className="alerts-section__muted">
        <FormattedMessage id="alert.alert-rules-help" />
      </p>
      {rules.data === undefined && <Spinner size={20} aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {rules.data?.length === 0 && <NonIdealState icon={<NotificationsIcon />} title={<FormattedMessage id="alert.no-rules" />} />}
      {rules.data !== undefined && rules.data.length > 0 && (
        <AlertRulesTable
          rules={rules.data}
          onEdit={(rule) => setDraft(alertRuleFormOf(rule))}
          onDelete={setDeleting}
          onToggle={({ createdTime: _created, ...rule }) => toggle.mutate({ data: { ...rule, enabled: !rule.enabled } })}
        />
      )}
      <AlertRuleDialog
        draft={draft}
        onClose={() => {
          setDraft(null);
          void queryClient.invalidateQueries({ queryKey: getGetAlertsQueryKey() });
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={<FormattedMessage id="alert.delete-rule-title" values={{ name: deleting?.name }} />}
        message={<FormattedMessage id="alert.delete-rule-text" />}
        okLabel={<FormattedMessage id="action.delete" />}
        intent="danger"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
