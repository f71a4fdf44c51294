import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import type { ApiError } from '../../api/api-error';
import { startSession } from '../../api/auth/auth-session';
import { useResetPassword } from '../../api/generated/endpoints/noauth/noauth';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { LoginCardLayout } from './login-card-layout';
import { NewPasswordForm } from './new-password-form';
import { FormNotice } from './public-form';
import { withQueryClient } from './with-query-client';

/**
 * Spec section 2, /login/resetPassword?resetToken=… and /login/resetExpiredPassword?resetToken=…:
 * set a new password; the broker answers with a token pair, so the user is signed in at once.
 */
export function ResetPasswordScreen({ expired }: { expired: boolean }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.reset-password' }));
  const [search] = useSearchParams();
  const reset = useResetPassword<ApiError>({ mutation: { onSuccess: startSession }, request: { ignoreErrors: true } });
  const token = search.get('resetToken');
  return (
    <LoginCardLayout title={<FormattedMessage id="login.password-reset" />}>
      {expired && (
        <FormNotice intent="warning">
          <FormattedMessage id="login.expired-password-reset-message" />
        </FormNotice>
      )}
      <NewPasswordForm
        token={token}
        submitLabel={<FormattedMessage id="login.reset-password" />}
        pending={reset.isPending || reset.isSuccess}
        error={reset.error}
        onSubmit={(password) => reset.mutate({ data: { resetToken: token ?? '', password } })}
      />
    </LoginCardLayout>
  );
}

function ResetPasswordPage() {
  return <ResetPasswordScreen expired={false} />;
}

export default withQueryClient(ResetPasswordPage);
