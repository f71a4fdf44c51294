import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { ErrorCodes } from '../../api/api-error';
import { startSession } from '../../api/auth/auth-session';
import { login as signIn } from '../../api/generated/calls/auth/auth';
import type { LoginRequest } from '../../api/generated/model/loginRequest';
import { useHasSession } from '../../api/auth/use-has-session';
import { useSubmission } from '../../api/use-submission';
import { isEmailFormat } from '../../components/validation/email-format';
import { FormField, FormNotice, PasswordInput, SubmitButton, TextInput } from './public-form';
import { SignInIcon } from './public-icons';

/**
 * Spec section 5, login: the username must be an e-mail; an invalid submit marks the fields touched
 * so their errors show. A successful sign-in stores the token pair; the app then loads the user.
 */
export function LoginForm() {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false });
  const [, navigate] = useLocation();
  // The form shows its own errors, and the sign-in call is never resent on 429 (spec section 8).
  const login = useSubmission((request: LoginRequest) => signIn(request, { ignoreErrors: true }), {
    onSuccess: startSession,
    // Spec section 8: expired credentials lead to the reset page, with the token from the error.
    onError: (error) => {
      if (error.errorCode === ErrorCodes.credentialsExpired && error.resetToken) {
        navigate(`/login/resetExpiredPassword?resetToken=${encodeURIComponent(error.resetToken)}`);
      }
    },
  });
  const signedIn = useHasSession();

  const usernameInvalid = !isEmailFormat(username);
  const showUsernameError = touched.username && usernameInvalid;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (usernameInvalid) {
      setTouched({ username: true, password: true });
      return;
    }
    login.submit({ username, password });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.login' })}>
      {login.error && (
        <FormNotice intent="danger">
          {/* The broker's own words would not say where to go: the reset screen is one click away. */}
          {login.error.errorCode === ErrorCodes.passwordViolatesPolicy ? (
            <>
              <FormattedMessage id="login.password-violates-policy" />{' '}
              <Link href="/login/resetPasswordRequest">
                <FormattedMessage id="login.reset-password" />
              </Link>
            </>
          ) : (
            login.error.message
          )}
        </FormNotice>
      )}
      <FormField
        id="login-username"
        label={<FormattedMessage id="login.username" />}
        error={showUsernameError && <FormattedMessage id="user.invalid-email-format" />}
      >
        <TextInput
          id="login-username"
          name="username"
          type="email"
          autoComplete="username"
          autoFocus
          value={username}
          invalid={showUsernameError}
          onValueChange={setUsername}
          // Leaving an empty field says nothing yet (a click on "forgot password" must not move the
          // page under the pointer); a typed value is checked on leaving, and everything on submit.
          onBlur={() => username !== '' && setTouched((fields) => ({ ...fields, username: true }))}
        />
      </FormField>
      <FormField id="login-password" label={<FormattedMessage id="login.password" />}>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          onBlur={() => password !== '' && setTouched((fields) => ({ ...fields, password: true }))}
        />
      </FormField>
      <div className="login-layout__actions">
        <Link href="/login/resetPasswordRequest">
          <FormattedMessage id="login.forgot-password" />
        </Link>
        <SubmitButton loading={login.isPending || (login.isSuccess && signedIn)} icon={<SignInIcon />} testId="login-submit">
          <FormattedMessage id="login.login" />
        </SubmitButton>
      </div>
    </form>
  );
}
