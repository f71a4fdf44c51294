import { defineMessages } from 'react-intl';
import { PublicPagePlaceholder } from './public-page-placeholder';

const messages = defineMessages({ title: { id: 'login.create-password' } });

/** Spec section 2, /login/createPassword?activateToken=…: account activation. */
export default function CreatePasswordPage() {
  return <PublicPagePlaceholder title={messages.title} />;
}
