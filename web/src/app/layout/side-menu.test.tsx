import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../../components/broker-support/broker-extensions';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import { AuthContext, type AuthState } from '../auth/auth-context';
import { SideMenu } from './side-menu';

const auth: AuthState = { isAuthenticated: true, isUserLoaded: true, user: makeUser(), authUser: null, brokerConfig: null, tokenAccessEnabled: false, logout: () => undefined };

/** Shows what the console knows of the auditLog extension, so a test can wait until the broker has answered. */
function ExtensionProbe() {
  return <output data-testid="audit-log-extension">{useExtension('auditLog')}</output>;
}

/** The menu on the audit log's page, so that the system settings group is open. */
function openMenu() {
  window.history.replaceState(null, '', '/settings/audit-log');
  renderPage(
    <AuthContext.Provider value={auth}>
      <SideMenu onNavigate={() => undefined} />
      <ExtensionProbe />
    </AuthContext.Provider>,
  );
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('side menu: pages of an extension (issue 31, audit log)', () => {
  setUpSignedInPageTests();

  it('shows System settings → Audit log on a broker that keeps an audit log', async () => {
    stubBrokerCalls(() => undefined);
    const menu = openMenu();
    expect(await within(menu).findByRole('link', { name: 'Audit log' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Security' })).toBeTruthy();
  });

  it('leaves it out on a broker without the auditLog extension, and keeps the group’s other pages', async () => {
    stubBrokerCalls(({ url }) => (url.pathname === '/api/starling/extensions' ? Response.json({ extensions: [] }) : undefined));
    const menu = openMenu();
    await waitFor(() => expect(screen.getByTestId('audit-log-extension').textContent).toBe('missing'));
    expect(within(menu).getByRole('link', { name: 'Security' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
