import { defineMessages } from 'react-intl';
import { PublicPagePlaceholder } from './public-page-placeholder';

const messages = defineMessages({ title: { id: 'login.reset-password' } });

/** Spec section 2, /login/resetPassword?resetToken=…: set a new password. */
export default function ResetPasswordPage() {
  return <PublicPagePlaceholder title={messages.title} />;
}
