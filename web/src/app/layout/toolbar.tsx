import { Button, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { Breadcrumbs, type BreadcrumbItem } from '../../components/breadcrumbs/breadcrumbs';
import { HelpButton } from '../../components/help/help-button';
import type { HelpId } from '../../components/help/help-ids';
import { UserMenu } from '../../components/user-menu/user-menu';
import { useAuth } from '../auth/auth-context';
import { FullscreenButton } from './fullscreen-button';

interface ToolbarProps {
  breadcrumbs: BreadcrumbItem[];
  helpId?: HelpId;
  /** Shown on narrow screens, where the side menu is an overlay (spec section 2). */
  onOpenMenu?: () => void;
}

/** Spec section 2: breadcrumb, fullscreen toggle and user menu above every page. */
export function Toolbar({ breadcrumbs, helpId, onOpenMenu }: ToolbarProps) {
  const intl = useIntl();
  const { user, logout } = useAuth();
  const [, navigate] = useLocation();
  return (
    <Navbar className="toolbar">
      <NavbarGroup align="start" className="toolbar__start">
        {onOpenMenu && (
          <Button
            variant="minimal"
            icon={<MenuIcon />}
            aria-label={intl.formatMessage({ id: 'home.menu' })}
            onClick={onOpenMenu}
            data-testid="side-menu-open"
          />
        )}
        <Breadcrumbs items={breadcrumbs} />
      </NavbarGroup>
      <NavbarGroup align="end">
        {helpId && <HelpButton helpId={helpId} />}
        <FullscreenButton />
        <NavbarDivider />
        {user && <UserMenu user={user} onProfile={() => navigate('/profile')} onLogout={logout} />}
      </NavbarGroup>
    </Navbar>
  );
}
