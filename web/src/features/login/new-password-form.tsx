import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../api/api-error';
import { PasswordRulesList, policyRefusal } from '../../components/password-policy/password-rules-list';
import { usePasswordPolicy } from '../../components/password-policy/use-password-policy';
import { FormField, FormNotice, PasswordInput, SubmitButton } from './public-form';
import { SignInIcon } from './public-icons';

interface NewPasswordFormProps {
  /** The token from the link; without one the form explains that the link is incomplete. */
  token: string | null;
  submitLabel: ReactNode;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (password: string) => void;
}

/**
 * Spec section 5, reset and create password: the two entries must match, else
 * 'login.passwords-mismatch-error' and nothing is sent. The broker's password policy, when it answers
 * it, is listed under the field and checked before sending; an older broker's refusal shows as it says it.
 */
export function NewPasswordForm({ token, submitLabel, pending, error, onSubmit }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const intl = useIntl();
  const { policy } = usePasswordPolicy();
  const empty = password === '';
  const mismatch = password !== confirmation;
  const refusal = empty ? undefined : policyRefusal(intl, password, policy);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (empty || mismatch || refusal !== undefined || token === null) return;
    onSubmit(password);
  }

  if (token === null) {
    return (
      <FormNotice intent="danger">
        <FormattedMessage id="login.link-incomplete" />
      </FormNotice>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      {error && <FormNotice intent="danger">{error.message}</FormNotice>}
      <FormField
        id="new-password"
        label={<FormattedMessage id="login.new-password" />}
        error={submitted && (empty ? <FormattedMessage id="login.password-required" /> : refusal)}
      >
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          autoFocus
          value={password}
          invalid={submitted && (empty || refusal !== undefined)}
          aria-describedby={policy ? 'new-password-rules' : undefined}
          onValueChange={setPassword}
        />
        {policy && <PasswordRulesList id="new-password-rules" policy={policy} password={password} />}
      </FormField>
      <FormField
        id="new-password-again"
        label={<FormattedMessage id="login.new-password-again" />}
        error={submitted && !empty && mismatch && <FormattedMessage id="login.passwords-mismatch-error" />}
      >
        <PasswordInput
          id="new-password-again"
          autoComplete="new-password"
          value={confirmation}
          invalid={submitted && !empty && mismatch}
          onValueChange={setConfirmation}
        />
      </FormField>
      <div className="login-layout__actions login-layout__actions--end">
        <SubmitButton loading={pending} icon={<SignInIcon />} testId="new-password-submit">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
