import { useLocation } from 'wouter';
import { type GroupRoute, groupRoutes, type PageRoute, pageRoutes } from '../routes/page-routes';

export function findPageRoute(path: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.path === path);
}

export function findGroupRoute(path: string): GroupRoute | undefined {
  return groupRoutes.find((route) => route.path === path);
}

/** The page route of the current location, if it is one of the shell's pages. */
export function useCurrentRoute(): PageRoute | undefined {
  const [location] = useLocation();
  return findPageRoute(location);
}
