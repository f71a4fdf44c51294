import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, LogOutIcon, PersonIcon, UserIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Authority } from '../../api/generated/model/authority';
import type { User } from '../../api/generated/model/user';
import { getUserDisplayName } from './user-display-name';
import './user-menu.css';
import { isReadOnly } from '../roles/account-role';

export interface UserMenuProps {
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'authority' | 'role'>;
  onProfile: () => void;
  onLogout: () => void;
}

/**
 * Spec section 2, user menu: the display name, the role line (for SYS_ADMIN only: administrator, or
 * read-only for such an account),
 * and Profile and Logout for every authority but ANONYMOUS.
 */
export function UserMenu({ user, onProfile, onLogout }: UserMenuProps) {
  const intl = useIntl();
  const displayName = getUserDisplayName(user);
  const signedIn = user.authority !== Authority.ANONYMOUS;

  const menu = (
    <Menu aria-label={displayName}>
      {signedIn && (
        <>
          <MenuItem icon={<PersonIcon />} text={intl.formatMessage({ id: 'home.profile' })} onClick={onProfile} />
          <MenuDivider />
          <MenuItem
            icon={<LogOutIcon />}
            text={intl.formatMessage({ id: 'home.logout' })}
            onClick={onLogout}
            data-testid="logout"
          />
        </>
      )}
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false}>
      <Button
        className="user-menu"
        variant="minimal"
        icon={<UserIcon />}
        endIcon={<CaretDownIcon />}
        aria-label={displayName}
        data-testid="user-menu-button"
      >
        <span className="user-menu__text">
          <span className="user-menu__name">{displayName}</span>
          {user.authority === Authority.SYS_ADMIN && (
            <span className="user-menu__role">
              <FormattedMessage id={isReadOnly(user) ? 'user.role-read-only' : 'user.sys-admin'} />
            </span>
          )}
        </span>
      </Button>
    </PopoverNext>
  );
}
