import { useIntl } from 'react-intl';
import type { BreadcrumbItem } from '../../components/breadcrumbs/breadcrumbs';
import type { PageRoute } from '../routes/page-routes';
import { findGroupRoute } from './use-current-route';

/** Spec section 2, breadcrumbs: the route's menu group (linked), then the route itself. */
export function useRouteBreadcrumbs(route: PageRoute | undefined): BreadcrumbItem[] {
  const intl = useIntl();
  if (!route) return [];
  const group = route.parentPath ? findGroupRoute(route.parentPath) : undefined;
  const items: BreadcrumbItem[] = [];
  if (group) {
    const GroupIcon = group.icon;
    items.push({ label: intl.formatMessage(group.title), icon: <GroupIcon />, link: group.path });
  }
  const RouteIcon = route.icon;
  items.push({ label: intl.formatMessage(route.title), icon: <RouteIcon /> });
  return items;
}
