import type { MessageDescriptor } from 'react-intl';
import { groupRoutes, pageRoutes, type RouteIcon } from '../routes/page-routes';

/** Spec section 3, menu section. */
export interface MenuSection {
  id: string;
  name: MessageDescriptor;
  type: 'link' | 'toggle';
  path: string;
  icon: RouteIcon;
  pages?: MenuSection[];
  isNew?: boolean;
  /** The Starling extension the page needs: the link is left out on a broker without it. */
  extension?: string;
}

function link(path: string, options: { isNew?: boolean; extension?: string } = {}): MenuSection {
  const route = pageRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No page route for menu link ${path}`);
  return { id: path, name: route.title, type: 'link', path, icon: route.icon, ...options };
}

function toggle(path: string, pages: MenuSection[]): MenuSection {
  const route = groupRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No group route for menu toggle ${path}`);
  return { id: path, name: route.title, type: 'toggle', path, icon: route.icon, pages };
}

/** Spec section 2: the side menu of the system administrator, in this order. */
export const sysAdminMenu: MenuSection[] = [
  link('/home'),
  link('/sessions'),
  link('/subscriptions'),
  link('/client-credentials'),
  toggle('/authentication', [link('/authentication/providers')]),
  link('/ws-client', { isNew: true }),
  link('/retained-messages'),
  toggle('/shared-subscriptions', [link('/shared-subscriptions/manage'), link('/shared-subscriptions/applications')]),
  link('/integrations', { isNew: true }),
  toggle('/kafka', [link('/kafka/topics'), link('/kafka/consumer-groups')]),
  link('/monitoring'),
  link('/users'),
  toggle('/settings', [link('/settings/outgoing-mail'), link('/settings/security'), link('/settings/audit-log', { extension: 'auditLog' })]),
];

/** Whether the current location lies in the section (its own path or below it). */
export function isSectionActive(section: MenuSection, location: string): boolean {
  return location === section.path || location.startsWith(`${section.path}/`);
}
