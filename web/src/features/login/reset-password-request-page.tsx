import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ApiError } from '../../api/api-error';
import { useRequestPasswordReset } from '../../api/generated/endpoints/noauth/noauth';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { showToast } from '../../components/toast/toast-store';
import { isEmailFormat } from '../../components/validation/email-format';
import { LoginCardLayout } from './login-card-layout';
import { FormField, FormNotice, SubmitButton, TextInput } from './public-form';
import { SignInIcon } from './public-icons';
import { withQueryClient } from './with-query-client';

/**
 * Spec section 2, /login/resetPasswordRequest: the e-mail is required and of valid format (section 5);
 * the button stays disabled after one click, and a success toast follows (section 8).
 */
function ResetPasswordRequestPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.request-password-reset' }));
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useRequestPasswordReset<ApiError>({
    mutation: {
      onSuccess: () => showToast({ message: intl.formatMessage({ id: 'login.password-link-sent-message' }), type: 'success' }),
    },
    request: { ignoreErrors: true },
  });
  const error = email.trim() === '' ? 'user.email-required' : isEmailFormat(email) ? null : 'user.invalid-email-format';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error === null) request.mutate({ data: { email: email.trim() } });
  }

  return (
    <LoginCardLayout title={<FormattedMessage id="login.request-password-reset" />}>
      <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.request-password-reset' })}>
        {request.isError && <FormNotice intent="danger">{request.error.message}</FormNotice>}
        <FormField id="reset-email" label={<FormattedMessage id="login.email" />} error={touched && error && <FormattedMessage id={error} />}>
          <TextInput
            id="reset-email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            invalid={touched && error !== null}
            onValueChange={setEmail}
            onBlur={() => email !== '' && setTouched(true)}
          />
        </FormField>
        <div className="login-layout__actions">
          <Link href="/login">
            <FormattedMessage id="login.back-to-login" />
          </Link>
          {/* Disabled once clicked, so one request sends one mail (spec section 4). */}
          <SubmitButton loading={request.isPending} disabled={request.isSuccess} icon={<SignInIcon />} testId="reset-request-submit">
            <FormattedMessage id="login.request-password-reset" />
          </SubmitButton>
        </div>
      </form>
    </LoginCardLayout>
  );
}

export default withQueryClient(ResetPasswordRequestPage);
