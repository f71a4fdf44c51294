import { defineMessages, FormattedMessage } from 'react-intl';
import { FormNotice } from './public-form';
import { PublicPagePlaceholder } from './public-page-placeholder';

const messages = defineMessages({ title: { id: 'login.reset-password' } });

/** Spec section 2, /login/resetExpiredPassword?resetToken=…: the reset screen with an expiry notice. */
export default function ResetExpiredPasswordPage() {
  const notice = (
    <FormNotice intent="warning">
      <FormattedMessage id="login.expired-password-reset-message" />
    </FormNotice>
  );
  return <PublicPagePlaceholder title={messages.title} notice={notice} />;
}
