import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ApiError } from '../../api/api-error';
import { startSession } from '../../api/auth-session';
import { useLogin } from '../../api/generated/endpoints/auth/auth';
import { useHasSession } from '../../api/use-has-session';
import { PasswordInput } from '../../components/password-input/password-input';
import { isEmailFormat } from '../../components/validation/email-format';

/**
 * Spec section 5, login: the username must be an e-mail; an invalid submit marks the fields touched
 * so their errors show. A successful sign-in stores the token pair; the app then loads the user.
 */
export function LoginForm() {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ username: false, password: false });
  const login = useLogin<ApiError>({ mutation: { onSuccess: startSession } });
  const signedIn = useHasSession();

  const usernameInvalid = !isEmailFormat(username);
  const showUsernameError = touched.username && usernameInvalid;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (usernameInvalid) {
      setTouched({ username: true, password: true });
      return;
    }
    login.mutate({ data: { username, password } });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: 'login.login' })}>
      {login.isError && (
        <Callout intent="danger" compact className="login-form__error" role="alert">
          {login.error.message}
        </Callout>
      )}
      <FormGroup
        label={<FormattedMessage id="login.username" />}
        labelFor="login-username"
        intent={showUsernameError ? 'danger' : 'none'}
        helperText={
          showUsernameError && (
            <span id="login-username-error">
              <FormattedMessage id="user.invalid-email-format" />
            </span>
          )
        }
      >
        <InputGroup
          id="login-username"
          name="username"
          type="email"
          autoComplete="username"
          autoFocus
          size="large"
          value={username}
          intent={showUsernameError ? 'danger' : 'none'}
          aria-invalid={showUsernameError}
          aria-describedby={showUsernameError ? 'login-username-error' : undefined}
          onValueChange={setUsername}
          onBlur={() => setTouched((fields) => ({ ...fields, username: true }))}
        />
      </FormGroup>
      <FormGroup label={<FormattedMessage id="login.password" />} labelFor="login-password">
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          size="large"
          value={password}
          onValueChange={setPassword}
          onBlur={() => setTouched((fields) => ({ ...fields, password: true }))}
        />
      </FormGroup>
      <div className="login-layout__actions">
        <Link href="/login/resetPasswordRequest">
          <FormattedMessage id="login.forgot-password" />
        </Link>
        <Button
          type="submit"
          intent="primary"
          size="large"
          icon={<LogInIcon />}
          loading={login.isPending || (login.isSuccess && signedIn)}
          data-testid="login-submit"
        >
          <FormattedMessage id="login.login" />
        </Button>
      </div>
    </form>
  );
}
