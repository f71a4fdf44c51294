// Blueprint's stylesheets load with the shell: the public pages have a light style of their own
// (features/login), so the sign-in page downloads neither Blueprint's CSS nor its components.
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import { Drawer, OverlaysProvider } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { Logo } from '../../components/logo/logo';
import { MEDIA_GT_SM } from '../../components/media-query/breakpoints';
import { useMediaQuery } from '../../components/media-query/use-media-query';
import { useAuth } from '../auth/auth-context';
import { ForcedPasswordChange } from '../auth/forced-password-change';
import { mustChangePassword } from '../auth/must-change-password';
import { ForbiddenDialog } from '../feedback/forbidden-dialog';
import { LoadingBar } from '../feedback/loading-bar';
import { preloadPagesWhenIdle } from '../routes/preload-pages';

// For the shell's loader in app-routes.tsx: the first page arrives with the shell.
export { preloadPageAt } from '../routes/preload-pages';
import { ShellFooter } from './shell-footer';
import { ShellQueryClient } from './shell-query-client';
import { ShellRoutes } from './shell-routes';
import { SideMenu } from './side-menu';
import { Toolbar } from './toolbar';
import { useCurrentRoute } from './use-current-route';
import { useRouteBreadcrumbs } from './use-route-breadcrumbs';
import './shell.css';

/** Spec section 2, sidebar width. */
const SIDEBAR_WIDTH = 250;

/**
 * Spec section 2, the authenticated shell: on md screens and wider the side menu is fixed and open;
 * on narrower ones it is an overlay, closed until the toolbar's menu button opens it.
 */
export default function Shell() {
  return (
    <ShellQueryClient>
      <ShellLayout />
    </ShellQueryClient>
  );
}

function ShellLayout() {
  const wide = useMediaQuery(MEDIA_GT_SM);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const currentRoute = useCurrentRoute();
  const breadcrumbs = useRouteBreadcrumbs(currentRoute);
  const { user } = useAuth();
  useEffect(() => preloadPagesWhenIdle(), []);

  const sidebar = (
    <div className="shell__sidebar bp6-dark">
      <div className="shell__brand">
        <Logo />
      </div>
      <SideMenu onNavigate={closeMenu} />
    </div>
  );

  if (user !== null && mustChangePassword(user)) {
    return (
      <OverlaysProvider>
        <ForcedPasswordChange />
      </OverlaysProvider>
    );
  }

  return (
    <OverlaysProvider>
      <LoadingBar />
      <ForbiddenDialog />
      <div className="shell">
        {wide ? (
          <aside className="shell__aside">{sidebar}</aside>
        ) : (
          <Drawer isOpen={menuOpen} onClose={closeMenu} position="left" size={SIDEBAR_WIDTH} className="shell__drawer">
            {sidebar}
          </Drawer>
        )}
        <div className="shell__main">
          <Toolbar breadcrumbs={breadcrumbs} helpId={currentRoute?.helpId} onOpenMenu={wide ? undefined : () => setMenuOpen(true)} />
          <main className="shell__content">
            <ShellRoutes />
          </main>
          <ShellFooter />
        </div>
      </div>
    </OverlaysProvider>
  );
}
