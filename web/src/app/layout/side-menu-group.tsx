import { Collapse, Menu, MenuItem } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useBrokerExtensions } from '../../components/broker-support/broker-extensions';
import { isSectionActive, type MenuSection } from './menu-sections';
import { SideMenuLink } from './side-menu-link';

/** A collapsible group of the side menu (spec section 3, menu section of type toggle). */
export function SideMenuGroup({ section, onNavigate }: { section: MenuSection; onNavigate: () => void }) {
  const intl = useIntl();
  const [location] = useLocation();
  const active = isSectionActive(section, location);
  const [open, setOpen] = useState(active);
  const [wasActive, setWasActive] = useState(active);
  const pagesId = useId();
  const Icon = section.icon;
  const extensions = useBrokerExtensions();
  // A page of an extension shows once the broker is known to serve it (the page itself says so otherwise).
  const pages = section.pages?.filter((page) => page.extension === undefined || extensions(page.extension) === 'available');

  // Arriving on one of its pages (a link, the address bar) opens the group.
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpen(true);
  }

  return (
    <>
      <MenuItem
        roleStructure="listitem"
        tagName="button"
        className="side-menu__toggle"
        text={intl.formatMessage(section.name)}
        icon={<Icon />}
        labelElement={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
        aria-expanded={open}
        aria-controls={pagesId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      />
      <li className="side-menu__pages">
        <Collapse isOpen={open}>
          <Menu role="list" id={pagesId} className="side-menu__list side-menu__list--nested">
            {pages?.map((page) => <SideMenuLink key={page.id} section={page} onNavigate={onNavigate} />)}
          </Menu>
        </Collapse>
      </li>
    </>
  );
}
