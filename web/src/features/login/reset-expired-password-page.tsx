import { ResetPasswordScreen } from './reset-password-page';
import { withQueryClient } from './with-query-client';

/** Spec section 2, /login/resetExpiredPassword?resetToken=…: the reset screen with an expiry notice. */
function ResetExpiredPasswordPage() {
  return <ResetPasswordScreen expired />;
}

export default withQueryClient(ResetExpiredPasswordPage);
