import { Menu } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { Authority } from '../../api/generated/model/authority';
import { useAuth } from '../auth/auth-context';
import { sysAdminMenu } from './menu-sections';
import { SideMenuGroup } from './side-menu-group';
import { SideMenuLink } from './side-menu-link';
import './side-menu.css';

/** Spec section 2 and 6: the side menu, built only for the system administrator. */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const intl = useIntl();
  const { user } = useAuth();
  const sections = user?.authority === Authority.SYS_ADMIN ? sysAdminMenu : [];
  return (
    <nav className="side-menu" aria-label={intl.formatMessage({ id: 'home.main-menu' })}>
      <Menu role="list" className="side-menu__list">
        {sections.map((section) =>
          section.type === 'toggle' ? (
            <SideMenuGroup key={section.id} section={section} onNavigate={onNavigate} />
          ) : (
            <SideMenuLink key={section.id} section={section} onNavigate={onNavigate} />
          ),
        )}
      </Menu>
    </nav>
  );
}
