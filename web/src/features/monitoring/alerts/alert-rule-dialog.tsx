import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { useGetBrokerServiceIds } from '../../../api/generated/endpoints/app/app';
import { getGetIntegrationsQueryKey, useGetIntegrations } from '../../../api/generated/endpoints/integration/integration';
import { getGetAlertRulesQueryKey, useSaveAlertRule } from '../../../api/generated/endpoints/monitoring/monitoring';
import { AlertOperator } from '../../../api/generated/model/alertOperator';
import { TimeseriesKey } from '../../../api/generated/model/timeseriesKey';
import { ChipInput } from '../../../components/chip-input/chip-input';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { TextField } from '../../../components/form/text-field';
import { IntervalInput } from '../../../components/interval-input/interval-input';
import { showToast } from '../../../components/toast/toast-store';
import { isEmailFormat } from '../../../components/validation/email-format';
import { isIntegrationMetric, METRIC_LABELS, OPERATOR_LABELS, TOTAL_ENTITY_ID } from './alert-labels';
import {
  type AlertRuleFormErrors,
  type AlertRuleFormValues,
  alertRuleSaveOf,
  MAX_DURATION_MS,
  MAX_RECIPIENTS,
  MAX_RULE_NAME_LENGTH,
  validateAlertRuleForm,
} from './alert-rule-form-values';
import { ReadOnlyFieldset } from '../../../components/roles/change-action';

interface AlertRuleDialogProps {
  /** The values the dialog starts from; closed while null. */
  draft: AlertRuleFormValues | null;
  onClose: () => void;
}

/** Add or edit an alert rule: metric, node, condition, duration, recipients and whether it is checked. */
export function AlertRuleDialog({ draft, onClose }: AlertRuleDialogProps) {
  return (
    <Dialog isOpen={draft !== null} onClose={onClose} title={<FormattedMessage id={draft?.id === undefined ? 'alert.add-rule' : 'alert.edit-rule'} />}>
      {draft && <AlertRuleForm draft={draft} onClose={onClose} />}
    </Dialog>
  );
}

function AlertRuleForm({ draft, onClose }: { draft: AlertRuleFormValues; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const brokers = useGetBrokerServiceIds();
  const [values, setValues] = useState(draft);
  const watchesIntegration = isIntegrationMetric(values.key);
  const integrationParams = { pageSize: 100, page: 0, sortProperty: 'name', sortOrder: 'ASC' } as const;
  const integrations = useGetIntegrations(integrationParams, { query: { queryKey: getGetIntegrationsQueryKey(integrationParams), enabled: watchesIntegration } });
  const [errors, setErrors] = useState<AlertRuleFormErrors>({});
  const change = (changes: Partial<AlertRuleFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const save = useSaveAlertRule<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'alert.rule-saved' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetAlertRulesQueryKey() });
        onClose();
      },
    },
    request: { ignoreErrors: true },
  });
  const errorText = (name: keyof AlertRuleFormErrors) => (errors[name] ? <FormattedMessage {...errors[name]} values={{ max: MAX_RULE_NAME_LENGTH }} /> : undefined);
  // A rule may watch a node or an integration that is gone; it stays among the choices until changed.
  const entities: { id: string; label: string }[] = watchesIntegration
    ? (integrations.data?.data ?? []).flatMap((integration) => (integration.id ? [{ id: integration.id, label: integration.name }] : []))
    : [TOTAL_ENTITY_ID, ...(brokers.data ?? [])].map((id) => ({ id, label: id === TOTAL_ENTITY_ID ? intl.formatMessage({ id: 'alert.entity-total' }) : id }));
  if (values.entityId && !entities.some((entity) => entity.id === values.entityId)) entities.push({ id: values.entityId, label: values.entityId });
  const changeKey = (key: TimeseriesKey) => {
    // Node metrics watch a node (or all), integration metrics an integration: the choice starts over when the kind changes.
    if (isIntegrationMetric(key) === watchesIntegration) change({ key });
    else change({ key, entityId: isIntegrationMetric(key) ? '' : TOTAL_ENTITY_ID });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateAlertRuleForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ data: alertRuleSaveOf(values) });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <ApiErrorCallout error={save.error} />
        <ReadOnlyFieldset>
          <TextField id="alert-rule-name" label={<FormattedMessage id="alert.name" />} value={values.name} onValueChange={(name) => change({ name })} error={errorText('name')} required autoFocus />
          <FormGroup label={<FormattedMessage id="alert.metric" />} labelFor="alert-rule-metric">
            <HTMLSelect id="alert-rule-metric" fill value={values.key} onChange={(event) => changeKey(event.currentTarget.value as TimeseriesKey)}>
              {Object.values(TimeseriesKey).map((key) => (
                <option key={key} value={key}>
                  {intl.formatMessage({ id: METRIC_LABELS[key] })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={<FormattedMessage id={watchesIntegration ? 'alert.entity-integration' : 'alert.entity'} />} labelFor="alert-rule-entity">
            <HTMLSelect id="alert-rule-entity" fill value={values.entityId} onChange={(event) => change({ entityId: event.currentTarget.value })}>
              {values.entityId === '' && <option value="" disabled />}
              {entities.map((entity) => (
                <option key={entity.id} value={entity.id}>
                  {entity.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <div className="alert-rule-dialog__condition">
            <FormGroup label={<FormattedMessage id="alert.operator" />} labelFor="alert-rule-operator">
              <HTMLSelect id="alert-rule-operator" fill value={values.operator} onChange={(event) => change({ operator: event.currentTarget.value as AlertOperator })}>
                {Object.values(AlertOperator).map((operator) => (
                  <option key={operator} value={operator}>
                    {intl.formatMessage({ id: OPERATOR_LABELS[operator] })}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={<FormattedMessage id="alert.threshold" />} labelFor="alert-rule-threshold" labelInfo="*" helperText={errorText('threshold')} intent={errors.threshold ? 'danger' : 'none'}>
              <InputGroup
                id="alert-rule-threshold"
                inputMode="decimal"
                value={values.threshold}
                intent={errors.threshold ? 'danger' : 'none'}
                aria-invalid={Boolean(errors.threshold)}
                onValueChange={(threshold) => change({ threshold })}
              />
            </FormGroup>
          </div>
          <IntervalInput label={intl.formatMessage({ id: 'alert.duration' })} value={values.durationMs} max={MAX_DURATION_MS} onChange={(durationMs) => change({ durationMs })} />
          <p className="alert-rule-dialog__hint">
            <FormattedMessage id="alert.duration-help" />
          </p>
          <ChipInput
            id="alert-rule-recipients"
            label={<FormattedMessage id="alert.recipients" />}
            values={values.recipients}
            onValuesChange={(recipients) => change({ recipients })}
            checkValue={(value) => (isEmailFormat(value) ? undefined : intl.formatMessage({ id: 'alert.recipient-invalid' }))}
            helperText={<FormattedMessage id="alert.recipients-help" />}
            error={errors.recipients ? <FormattedMessage {...errors.recipients} values={{ max: MAX_RECIPIENTS }} /> : undefined}
          />
          <Switch checked={values.enabled} label={intl.formatMessage({ id: 'alert.enabled' })} onChange={(event) => change({ enabled: event.currentTarget.checked })} />
        </ReadOnlyFieldset>
      </DialogBody>
      <FormDialogFooter submitLabel={<FormattedMessage id={values.id === undefined ? 'action.add' : 'action.save'} />} pending={save.isPending} onCancel={onClose} submitTestId="alert-rule-dialog-save" />
    </form>
  );
}
