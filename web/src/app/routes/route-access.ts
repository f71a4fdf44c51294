import { Authority } from '../../api/generated/model/authority';
import type { User } from '../../api/generated/model/user';

/**
 * Spec sections 4 and 6: a route carries the authorities allowed on it and, per authority, where to
 * send one that is not. A read-only account (openapi.yaml "Changes and roles") is a SYS_ADMIN: it
 * opens every page, and each page disables what it may not change.
 */
export interface RouteAccess {
  /** Who may open the route. */
  authorities: readonly Authority[];
  /** Where an authority that may not open it goes instead of the forbidden dialog. */
  redirects?: Partial<Record<Authority, string>>;
}

/** What most pages allow: the administrator only; a public session (ANONYMOUS) gets the forbidden dialog. */
export const ADMINISTRATOR_ONLY: RouteAccess = { authorities: [Authority.SYS_ADMIN] };

export type RouteDecision = { kind: 'show' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

/** Decided before the page renders: its code and its calls wait until the decision is "show". */
export function routeDecision(access: RouteAccess, user: Pick<User, 'authority'>): RouteDecision {
  if (access.authorities.includes(user.authority)) return { kind: 'show' };
  const to = access.redirects?.[user.authority];
  return to === undefined ? { kind: 'forbidden' } : { kind: 'redirect', to };
}
