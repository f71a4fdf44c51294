import { Checkbox, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetBlockedClientsPageQueryKey, useSaveBlockedClient } from '../../../api/generated/endpoints/blocked-client/blocked-client';
import { BlockedClientType } from '../../../api/generated/model/blockedClientType';
import { RegexMatchTarget } from '../../../api/generated/model/regexMatchTarget';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { TextField } from '../../../components/form/text-field';
import { showToast } from '../../../components/toast/toast-store';
import { type BlockedClientFormErrors, type BlockedClientFormValues, blockedClientSaveOf, validateBlockedClientForm } from './blocked-client-form-values';
import { blockedTypeLabels, regexTargetLabels } from './blocked-client-labels';

interface BlockedClientDialogProps {
  /** The values the dialog starts from (e.g. a client id from the unauthorized log); closed while null. */
  draft: BlockedClientFormValues | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Block clients by client id, username, IP address or a regular expression, with an optional expiry. */
export function BlockedClientDialog({ draft, onClose, onSaved }: BlockedClientDialogProps) {
  return (
    <Dialog isOpen={draft !== null} onClose={onClose} title={<FormattedMessage id="blocked-client.add" />}>
      {draft && <BlockedClientForm draft={draft} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function BlockedClientForm({ draft, onClose, onSaved }: { draft: BlockedClientFormValues; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(draft);
  // Checked on submit, since whether the expiry lies in the future depends on the moment.
  const [errors, setErrors] = useState<BlockedClientFormErrors>({});
  const change = (changes: Partial<BlockedClientFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const save = useSaveBlockedClient<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'blocked-client.saved' }), type: 'success' });
        void queryClient.invalidateQueries({ queryKey: getGetBlockedClientsPageQueryKey() });
        onSaved();
      },
    },
    request: { ignoreErrors: true },
  });
  const errorText = (name: keyof typeof errors) => (errors[name] ? <FormattedMessage {...errors[name]} /> : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateBlockedClientForm(values, Date.now());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ data: blockedClientSaveOf(values) });
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <ApiErrorCallout error={save.error} />
        <FormGroup label={<FormattedMessage id="blocked-client.type" />} labelFor="blocked-client-type">
          <HTMLSelect id="blocked-client-type" fill value={values.type} onChange={(event) => change({ type: event.currentTarget.value as BlockedClientType })}>
            {Object.values(BlockedClientType).map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: blockedTypeLabels[type] })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <TextField id="blocked-client-value" label={<FormattedMessage id="blocked-client.value" />} value={values.value} onValueChange={(value) => change({ value })} error={errorText('value')} required autoFocus />
        {values.type === 'REGEX' && (
          <FormGroup label={<FormattedMessage id="blocked-client.regex-match-target" />} labelFor="blocked-client-regex-target">
            <HTMLSelect id="blocked-client-regex-target" fill value={values.regexMatchTarget} onChange={(event) => change({ regexMatchTarget: event.currentTarget.value as RegexMatchTarget })}>
              {Object.values(RegexMatchTarget).map((target) => (
                <option key={target} value={target}>
                  {intl.formatMessage({ id: regexTargetLabels[target] })}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <FormGroup label={<FormattedMessage id="blocked-client.expiration" />} labelFor="blocked-client-expires-at" helperText={errorText('expiresAt')} intent={errors.expiresAt ? 'danger' : 'none'}>
          <Checkbox checked={!values.expires} label={intl.formatMessage({ id: 'blocked-client.never-expires' })} onChange={(event) => change({ expires: !event.currentTarget.checked })} />
          {values.expires && (
            <InputGroup id="blocked-client-expires-at" type="datetime-local" value={values.expiresAt} intent={errors.expiresAt ? 'danger' : 'none'} onValueChange={(expiresAt) => change({ expiresAt })} />
          )}
        </FormGroup>
        <FormGroup label={<FormattedMessage id="blocked-client.description" />} labelFor="blocked-client-description">
          <TextArea id="blocked-client-description" fill value={values.description} onChange={(event) => change({ description: event.currentTarget.value })} />
        </FormGroup>
      </DialogBody>
      <FormDialogFooter submitLabel={<FormattedMessage id="action.add" />} pending={save.isPending} onCancel={onClose} submitTestId="blocked-client-dialog-save" />
    </form>
  );
}
