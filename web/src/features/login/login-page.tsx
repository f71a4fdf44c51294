import { FormattedMessage, useIntl } from 'react-intl';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { LoginCardLayout } from './login-card-layout';
import { LoginForm } from './login-form';

/** Spec section 2, /login: sign in with username and password. */
export default function LoginPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.login' }));
  return (
    <LoginCardLayout title={<FormattedMessage id="login.sign-in" />}>
      <LoginForm />
    </LoginCardLayout>
  );
}
