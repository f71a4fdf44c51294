import { Dialog, DialogBody } from '@blueprintjs/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { apiFieldError, type FieldError } from '../../../api/api-error-field';
import { useSaveAnonymousAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import type { AnonymousAccess } from '../../../api/generated/model/anonymousAccess';
import { ApiErrorCallout } from '../../../components/form/api-error-callout';
import { FormDialogFooter } from '../../../components/form/form-dialog-footer';
import { showToast } from '../../../components/toast/toast-store';
import { RuleListsFields } from '../../../components/rule-patterns/rule-lists-fields';
import type { AuthRuleLists } from '../../../components/rule-patterns/rule-lists';
import { useRefreshCredentialsQueries } from '../credentials/use-credentials-queries';
import {
  ANONYMOUS_RULE_FIELDS,
  type AnonymousRuleField,
  type AnonymousRulesErrors,
  anonymousAccessSaveOf,
  anonymousRulesChanged,
  anonymousRulesOf,
  listOfField,
  MAX_ANONYMOUS_RULE_LENGTH,
  validateAnonymousRules,
} from './anonymous-rules-form';

/** The form's own errors once submitted, and the broker's refusal under the list it names. */
function listErrorMessages(errors: AnonymousRulesErrors, brokerError: FieldError<AnonymousRuleField> | undefined): Partial<Record<keyof AuthRuleLists, ReactNode>> {
  const messages: Partial<Record<keyof AuthRuleLists, ReactNode>> = {};
  for (const list of ['pub', 'sub'] as const) {
    const error = errors[list];
    if (error) messages[list] = <FormattedMessage id={error.id} values={error.values} />;
  }
  if (brokerError) messages[listOfField[brokerError.field]] = brokerError.message;
  return messages;
}

interface AnonymousRulesDialogProps {
  access: AnonymousAccess;
  isOpen: boolean;
  onClose: () => void;
}

/** The topics clients without credentials may publish and subscribe to (README "Client access control"). */
export function AnonymousRulesDialog({ access, isOpen, onClose }: AnonymousRulesDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={<FormattedMessage id="anonymous-access.rules-title" />} className="client-access__wide-dialog">
      {/* Mounted per opening, so the form starts from the stored rules. */}
      {isOpen && <AnonymousRulesForm access={access} onClose={onClose} />}
    </Dialog>
  );
}

function AnonymousRulesForm({ access, onClose }: Omit<AnonymousRulesDialogProps, 'isOpen'>) {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  const [rules, setRules] = useState(() => anonymousRulesOf(access));
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveAnonymousAccess<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'anonymous-access.rules-saved' }), type: 'success' });
        refresh();
        onClose();
      },
    },
    // A refused list shows its error under it; other errors above the form.
    request: { ignoreErrors: true },
  });
  const errors = validateAnonymousRules(rules);
  const brokerError = apiFieldError(save.error, ANONYMOUS_RULE_FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    // The mode is saved as it is: this form changes the rules only.
    save.mutate({ data: anonymousAccessSaveOf(access.mode, rules) });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'anonymous-access.rules-title' })}>
      <DialogBody>
        {brokerError === undefined && <ApiErrorCallout error={save.error} />}
        <p>
          <FormattedMessage id="anonymous-access.rules-explanation" />
        </p>
        <RuleListsFields
          idPrefix="anonymous-rules"
          rules={rules}
          onChange={(next) => {
            setRules(next);
            // The broker's refusal was about the lists as they were.
            save.reset();
          }}
          errors={listErrorMessages(submitted ? errors : {}, brokerError)}
          maxPatternLength={MAX_ANONYMOUS_RULE_LENGTH}
        />
      </DialogBody>
      <FormDialogFooter
        submitLabel={<FormattedMessage id="action.save" />}
        pending={save.isPending}
        onCancel={onClose}
        submitDisabled={!anonymousRulesChanged(access, rules)}
        submitTestId="anonymous-rules-save"
      />
    </form>
  );
}
