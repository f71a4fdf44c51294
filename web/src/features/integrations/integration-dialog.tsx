import { Button, Callout, Dialog, DialogBody, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { getGetIntegrationsQueryKey, useCheckIntegrationConnection, useSaveIntegration } from '../../api/generated/endpoints/integration/integration';
import type { Integration } from '../../api/generated/model/integration';
import type { IntegrationType } from '../../api/generated/model/integrationType';
import { ChipInput } from '../../components/chip-input/chip-input';
import { ApiErrorCallout } from '../../components/form/api-error-callout';
import { FormDialogFooter } from '../../components/form/form-dialog-footer';
import { isValidTopicFilter } from '../../components/mqtt/topic-filter';
import { showToast } from '../../components/toast/toast-store';
import { fieldError, type FormBinding, TextInput } from './form-controls';
import { brokerErrorField, emptyIntegrationForm, integrationFormValuesOf, integrationInputOf, type IntegrationFormValues, validateIntegrationForm } from './integration-form';
import { IntegrationTypeFields, MapInput } from './integration-type-fields';
import { ReadOnlyFieldset } from '../../components/roles/change-action';

interface IntegrationDialogProps {
  isOpen: boolean;
  /** The integration to edit; null to add one. */
  integration: Integration | null;
  onClose: () => void;
}

/** Adds an integration of a chosen type, or edits one (its type stays). */
export function IntegrationDialog({ isOpen, integration, onClose }: IntegrationDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={<FormattedMessage id={integration ? 'integration.edit' : 'integration.add'} />} className="integration-dialog">
      {/* Mounted per opening, so the form starts from the integration's values. */}
      {isOpen && <IntegrationForm key={integration?.id ?? 'new'} integration={integration} onDone={onClose} />}
    </Dialog>
  );
}

type CheckResult = { ok: true } | { ok: false; message: string } | null;

function IntegrationForm({ integration, onDone }: { integration: Integration | null; onDone: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const editing = integration !== null;
  const [values, setValues] = useState<IntegrationFormValues>(() => (integration ? integrationFormValuesOf(integration) : emptyIntegrationForm('HTTP')));
  const [submitted, setSubmitted] = useState(false);
  const [check, setCheck] = useState<CheckResult>(null);
  const save = useSaveIntegration<ApiError>({
    mutation: {
      onSuccess: (saved) => {
        showToast({ message: intl.formatMessage({ id: editing ? 'integration.saved' : 'integration.added' }, { name: saved.name }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetIntegrationsQueryKey() });
        onDone();
      },
    },
    request: { ignoreErrors: true },
  });
  const checkConnection = useCheckIntegrationConnection<ApiError>({
    mutation: { onSuccess: () => setCheck({ ok: true }), onError: (error) => setCheck({ ok: false, message: error.message }) },
    request: { ignoreErrors: true },
  });
  const errors = validateIntegrationForm(values, editing);
  const brokerField = save.error ? brokerErrorField(save.error.message) : undefined;
  const form: FormBinding = {
    values,
    change: (changes) => {
      setValues((current) => ({ ...current, ...changes }));
      setCheck(null);
    },
    errors: submitted ? errors : {},
    brokerError: save.error && brokerField ? { field: brokerField, message: save.error.message } : undefined,
  };
  const input = () => integrationInputOf(values, integration);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate({ data: input() });
  }

  function runCheck() {
    setSubmitted(true);
    setCheck(null);
    if (Object.keys(errors).length > 0) return;
    checkConnection.mutate({ data: input() });
  }

  const topicFiltersError = fieldError(form, 'topicFilters');
  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: editing ? 'integration.edit' : 'integration.add' })}>
      <DialogBody>
        <ApiErrorCallout error={brokerField ? null : save.error} />
        <ReadOnlyFieldset>
          {!editing && (
            <FormGroup label={<FormattedMessage id="integration.type" />} labelFor="integration-type">
              <HTMLSelect
                id="integration-type"
                fill
                value={values.type}
                options={['HTTP', 'MQTT', 'KAFKA']}
                onChange={(event) => setValues((current) => ({ ...emptyIntegrationForm(event.currentTarget.value as IntegrationType), name: current.name, topicFilters: current.topicFilters, metadata: current.metadata }))}
              />
            </FormGroup>
          )}
          <TextInput form={form} name="name" required />
          <Switch checked={values.enabled} label={intl.formatMessage({ id: 'integration.enabled' })} onChange={(event) => form.change({ enabled: event.currentTarget.checked })} />
          <ChipInput
            id="integration-topicFilters"
            label={<FormattedMessage id="integration.field.topicFilters" />}
            values={values.topicFilters}
            onValuesChange={(topicFilters) => form.change({ topicFilters })}
            required
            showErrors={submitted}
            requiredError={<FormattedMessage id="integration.error.topic-filters-required" />}
            error={values.topicFilters.length > 0 ? topicFiltersError : undefined}
            checkValue={(value) => (isValidTopicFilter(value) ? undefined : intl.formatMessage({ id: 'integration.error.topic-filter-invalid' }))}
            helperText={<FormattedMessage id="integration.hint.topic-filters" />}
          />
          <MapInput form={form} name="metadata" />
          <IntegrationTypeFields form={form} editing={editing} />
          <div className="integration-dialog__check">
            <Button onClick={runCheck} loading={checkConnection.isPending} data-testid="integration-check-connection">
              <FormattedMessage id="integration.check-connection" />
            </Button>
            {check?.ok === true && (
              <Callout intent="success" compact role="status">
                <FormattedMessage id="integration.check-ok" />
              </Callout>
            )}
            {check?.ok === false && (
              <Callout intent="danger" compact role="alert">
                {check.message}
              </Callout>
            )}
          </div>
        </ReadOnlyFieldset>
      </DialogBody>
      <FormDialogFooter submitLabel={<FormattedMessage id={editing ? 'action.save' : 'action.add'} />} pending={save.isPending} onCancel={onDone} submitTestId="integration-save" />
    </form>
  );
}
