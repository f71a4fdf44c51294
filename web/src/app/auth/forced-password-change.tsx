import { Button, Card } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { ChangePasswordForm } from '../../components/change-password/change-password-form';
import { Logo } from '../../components/logo/logo';
import { useAuth } from './auth-context';
import './forced-password-change.css';

/** The full-screen "change default password" form; the console opens once the change is saved. */
export function ForcedPasswordChange() {
  const { logout } = useAuth();
  return (
    <main className="forced-password-change" data-testid="forced-password-change">
      <Card className="forced-password-change__card" elevation={2}>
        <Logo className="forced-password-change__logo" />
        <h1 className="forced-password-change__title">
          <FormattedMessage id="profile.change-default-password" />
        </h1>
        <p className="forced-password-change__text">
          <FormattedMessage id="profile.change-default-password-text" />
        </p>
        {/* The session follows the new token pair; the user query reloads and this screen goes. */}
        <ChangePasswordForm forDefaultPassword onChanged={() => undefined} />
        <Button variant="minimal" className="forced-password-change__logout" onClick={logout}>
          <FormattedMessage id="home.logout" />
        </Button>
      </Card>
    </main>
  );
}
