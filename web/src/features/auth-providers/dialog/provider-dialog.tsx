import { Callout, Dialog, DialogBody } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError } from '../../../api/api-error-field';
import {
  getGetMqttAuthProviderQueryKey,
  getGetMqttAuthProvidersQueryKey,
  useGetMqttAuthProvider,
  useSaveMqttAuthProvider,
} from '../../../api/generated/endpoints/mqtt-auth-provider/mqtt-auth-provider';
import type { MqttAuthProvider } from '../../../api/generated/model/mqttAuthProvider';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';
import { useExtension } from '../../../components/broker-support/broker-extensions';
import { DialogLoading } from '../../../components/dialogs/dialog-loading';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { showToast } from '../../../components/toast/toast-store';
import { PROVIDER_TYPE_NAMES } from '../../../components/auth-provider/provider-type-names';
import { BasicFields, X509Fields } from './basic-x509-fields';
import { type ErrorOf, errorsOf } from './field-errors';
import { HttpFields } from './http-fields';
import { JwtCheckPanel } from './jwt/jwt-check-panel';
import { JwtFields } from './jwt/jwt-fields';
import { jwtConfigurationOf } from './jwt/jwt-values';
import { PROVIDER_FIELDS, type ProviderFormValues, providerFormValuesOf, providerProblems, providerSaveOf } from './provider-form-values';
import './provider-dialog.css';
import { ReadOnlyFieldset } from '../../../components/roles/change-action';

interface ProviderDialogProps {
  /** The provider to edit (a list row); null while the dialog is closed. */
  provider: ShortMqttAuthProvider | null;
  onClose: () => void;
}

/** Edit one provider's settings, with the fields of its type (issue 27). */
export function ProviderDialog({ provider, onClose }: ProviderDialogProps) {
  const title = provider ? <FormattedMessage id="auth-provider.edit-title" values={{ name: <FormattedMessage id={PROVIDER_TYPE_NAMES[provider.type]} /> }} /> : undefined;
  return (
    <Dialog isOpen={provider !== null} onClose={onClose} title={title} className="auth-provider-dialog">
      {/* Mounted per opening, so the form starts from the provider as stored now. */}
      {provider && <StoredProvider key={provider.id} id={provider.id} onClose={onClose} />}
    </Dialog>
  );
}

function StoredProvider({ id, onClose }: { id: string; onClose: () => void }) {
  const stored = useGetMqttAuthProvider<MqttAuthProvider, ApiError>(id, { query: { queryKey: getGetMqttAuthProviderQueryKey(id), gcTime: 0 }, request: { ignoreErrors: true } });
  if (stored.error || !stored.data) return <DialogLoading error={stored.error} />;
  return <ProviderForm stored={stored.data} onClose={onClose} />;
}

function ProviderForm({ stored, onClose }: { stored: MqttAuthProvider; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const checkAvailable = useExtension('authProviderCheck') === 'available';
  const [values, setValues] = useState(() => providerFormValuesOf(stored.configuration));
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveMqttAuthProvider<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'auth-provider.saved' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetMqttAuthProvidersQueryKey() });
        onClose();
      },
    },
    // Field errors show under their field; the others above the form.
    request: { ignoreErrors: true },
  });
  const problems = providerProblems(values);
  const brokerFieldError = apiFieldError(save.error, PROVIDER_FIELDS);
  // Problems show once something was changed or the form was sent, not on a form just opened.
  const errorOf = errorsOf(submitted ? problems : {}, brokerFieldError);
  const change = (changes: Partial<ProviderFormValues>) => {
    setSubmitted(true);
    setValues((current) => ({ ...current, ...changes }) as ProviderFormValues);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length === 0) save.mutate({ data: providerSaveOf(stored, values) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'auth-provider.edit' })}>
      <DialogBody>
        {brokerFieldError === undefined && <ApiErrorCallout error={save.error} />}
        <ReadOnlyFieldset>
          <TypeFields values={values} onChange={change} errorOf={errorOf} />
          {values.type === 'JWT' && checkAvailable && <JwtCheckPanel configuration={jwtConfigurationOf(values)} configurationValid={Object.keys(problems).length === 0} />}
        </ReadOnlyFieldset>
      </DialogBody>
      <FormDialogFooter submitLabel={<FormattedMessage id="action.save" />} pending={save.isPending} onCancel={onClose} />
    </form>
  );
}

function TypeFields({ values, onChange, errorOf }: { values: ProviderFormValues; onChange: (changes: Partial<ProviderFormValues>) => void; errorOf: ErrorOf }) {
  switch (values.type) {
    case 'MQTT_BASIC':
      return <BasicFields values={values} onChange={onChange} errorOf={errorOf} />;
    case 'X_509':
      return <X509Fields values={values} onChange={onChange} errorOf={errorOf} />;
    case 'JWT':
      return <JwtFields values={values} onChange={onChange} errorOf={errorOf} />;
    case 'HTTP':
      return <HttpFields values={values} onChange={onChange} errorOf={errorOf} />;
    case 'SCRAM':
      return (
        <Callout intent="primary">
          <FormattedMessage id="auth-provider.scram-explanation" />
        </Callout>
      );
  }
}
