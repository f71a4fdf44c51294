import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import type { ApiError } from '../../api/api-error';
import { startSession } from '../../api/auth/auth-session';
import { useActivateUser } from '../../api/generated/endpoints/noauth/noauth';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { LoginCardLayout } from './login-card-layout';
import { NewPasswordForm } from './new-password-form';
import { withQueryClient } from './with-query-client';

/** Spec section 2, /login/createPassword?activateToken=…: account activation with a first password. */
function CreatePasswordPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.create-password' }));
  const [search] = useSearchParams();
  const activate = useActivateUser<ApiError>({ mutation: { onSuccess: startSession }, request: { ignoreErrors: true } });
  const token = search.get('activateToken');
  return (
    <LoginCardLayout title={<FormattedMessage id="login.create-password" />}>
      <NewPasswordForm
        token={token}
        submitLabel={<FormattedMessage id="login.create-password" />}
        pending={activate.isPending || activate.isSuccess}
        error={activate.error}
        onSubmit={(password) =>
          activate.mutate({ data: { activateToken: token ?? '', password }, params: { sendActivationMail: true } })
        }
      />
    </LoginCardLayout>
  );
}

export default withQueryClient(CreatePasswordPage);
