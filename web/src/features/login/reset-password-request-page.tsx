import { defineMessages } from 'react-intl';
import { PublicPagePlaceholder } from './public-page-placeholder';

const messages = defineMessages({ title: { id: 'login.request-password-reset' } });

/** Spec section 2, /login/resetPasswordRequest: request a reset link by e-mail. */
export default function ResetPasswordRequestPage() {
  return <PublicPagePlaceholder title={messages.title} />;
}
