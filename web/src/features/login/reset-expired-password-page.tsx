import { ResetPasswordScreen } from './reset-password-page';

/** Spec section 2, /login/resetExpiredPassword?resetToken=…: the reset screen with an expiry notice. */
export default function ResetExpiredPasswordPage() {
  return <ResetPasswordScreen expired />;
}
