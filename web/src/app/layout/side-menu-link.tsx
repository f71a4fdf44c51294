import { MenuItem, Tag } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { underBase } from '../../api/base-path';
import { navigateWhenLoaded, preloadPageAt } from '../routes/preload-pages';
import { isSectionActive, type MenuSection } from './menu-sections';

/**
 * A link of the side menu; a plain click navigates in place, a modified click opens a new tab.
 * Pointing at or focusing the link fetches its page, and the click switches when the page is there.
 */
export function SideMenuLink({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const active = isSectionActive(section, location);
  const Icon = section.icon;

  function follow(event: MouseEvent<HTMLElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateWhenLoaded(section.path, navigate);
    onNavigate();
  }

  const preload = () => void preloadPageAt(section.path).catch(() => undefined);

  return (
    <MenuItem
      roleStructure="listitem"
      // The address a new tab opens: below the console's base.
      href={underBase(section.path)}
      text={intl.formatMessage(section.name)}
      icon={<Icon />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={follow}
      onPointerEnter={preload}
      onFocus={preload}
      labelElement={
        section.isNew && (
          <Tag intent="success" minimal round>
            <FormattedMessage id="common.new" />
          </Tag>
        )
      }
    />
  );
}
