import { type IntlShape, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import type { BreadcrumbItem } from '../../components/breadcrumbs/breadcrumbs';
import type { PageRoute } from '../routes/page-routes';
import { ROUTE_DETAILS } from './route-details';
import { findGroupRoute } from './use-current-route';

/**
 * Spec section 2, breadcrumbs, from route data: the route's menu group (linked), the route itself,
 * and, while an item's details are open, the item by its id, the route then linking back to the
 * list with its query parameters (e.g. the sessions filter) kept.
 */
export function routeBreadcrumbs(route: PageRoute | undefined, search: URLSearchParams, intl: IntlShape): BreadcrumbItem[] {
  if (!route) return [];
  const items: BreadcrumbItem[] = [];
  const group = route.parentPath ? findGroupRoute(route.parentPath) : undefined;
  if (group) {
    const GroupIcon = group.icon;
    items.push({ id: group.path, label: intl.formatMessage(group.title), icon: <GroupIcon />, link: group.path });
  }
  const RouteIcon = route.icon;
  const routeItem: BreadcrumbItem = { id: route.path, label: intl.formatMessage(route.title), icon: <RouteIcon /> };
  items.push(routeItem);

  const details = ROUTE_DETAILS[route.path];
  const itemId = details ? search.get(details.param) : null;
  if (details && itemId) {
    const listQuery = new URLSearchParams(search);
    listQuery.delete(details.param);
    routeItem.link = route.path;
    routeItem.queryParams = Object.fromEntries(listQuery);
    items.push({ id: `${details.entityType}:${itemId}`, label: itemId, icon: <RouteIcon /> });
  }
  return items;
}

export function useRouteBreadcrumbs(route: PageRoute | undefined): BreadcrumbItem[] {
  const intl = useIntl();
  const search = useSearch();
  return routeBreadcrumbs(route, new URLSearchParams(search), intl);
}
