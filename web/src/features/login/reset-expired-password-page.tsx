import { Callout } from '@blueprintjs/core';
import { defineMessages, FormattedMessage } from 'react-intl';
import { PublicPagePlaceholder } from './public-page-placeholder';

const messages = defineMessages({ title: { id: 'login.reset-password' } });

/** Spec section 2, /login/resetExpiredPassword?resetToken=…: the reset screen with an expiry notice. */
export default function ResetExpiredPasswordPage() {
  const notice = (
    <Callout intent="warning" compact className="login-form__error">
      <FormattedMessage id="login.expired-password-reset-message" />
    </Callout>
  );
  return <PublicPagePlaceholder title={messages.title} notice={notice} />;
}
