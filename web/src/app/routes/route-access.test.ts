import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test-support/test-user';
import { findPageRoute } from '../layout/use-current-route';
import { pageRoutes } from './page-routes';
import { ADMINISTRATOR_ONLY, routeDecision } from './route-access';

const administrator = makeUser({ authority: 'SYS_ADMIN' });
const readOnly = makeUser({ authority: 'SYS_ADMIN', role: 'READ_ONLY' });
const publicSession = makeUser({ id: 'public', authority: 'ANONYMOUS' });

const decisionAt = (path: string, user: typeof administrator) => {
  const route = findPageRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return routeDecision(route.access ?? ADMINISTRATOR_ONLY, user);
};

describe('route access (spec sections 4 and 6)', () => {
  it('shows every page to the administrator, and to a read-only account (issue 31: it sees every page)', () => {
    for (const route of pageRoutes) {
      expect(decisionAt(route.path, administrator), route.path).toEqual({ kind: 'show' });
      expect(decisionAt(route.path, readOnly), route.path).toEqual({ kind: 'show' });
    }
  });

  it('shows a public session the home page only, sends it from the profile to home, and forbids it the rest', () => {
    expect(decisionAt('/home', publicSession)).toEqual({ kind: 'show' });
    expect(decisionAt('/profile', publicSession)).toEqual({ kind: 'redirect', to: '/home' });
    for (const path of ['/sessions', '/client-credentials', '/users', '/settings/outgoing-mail', '/settings/security', '/ws-client', '/monitoring']) {
      expect(decisionAt(path, publicSession), path).toEqual({ kind: 'forbidden' });
    }
  });

  it('forbids an authority no route names, unless a redirect is given for it', () => {
    expect(routeDecision(ADMINISTRATOR_ONLY, makeUser({ authority: 'REFRESH_TOKEN' }))).toEqual({ kind: 'forbidden' });
    expect(routeDecision({ authorities: ['SYS_ADMIN'], redirects: { REFRESH_TOKEN: '/login' } }, makeUser({ authority: 'REFRESH_TOKEN' }))).toEqual({ kind: 'redirect', to: '/login' });
  });
});
