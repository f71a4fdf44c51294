import { NonIdealState } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Redirect } from 'wouter';
import { useAuth } from '../auth/auth-context';
import { showForbiddenDialog } from '../feedback/forbidden-dialog';
import { ADMINISTRATOR_ONLY, type RouteAccess, routeDecision } from './route-access';

/**
 * Spec sections 4 and 6: checks the route's allowed authorities before its page renders, so that a
 * page the user may not open neither loads its code nor calls the broker. A redirect for the
 * user's authority goes there; otherwise the forbidden dialog opens over an empty page.
 */
export function RouteGuard({ access = ADMINISTRATOR_ONLY, children }: { access?: RouteAccess; children: ReactNode }) {
  const { user } = useAuth();
  const decision = user ? routeDecision(access, user) : ({ kind: 'show' } as const);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'forbidden') return <ForbiddenRoute />;
  return children;
}

function ForbiddenRoute() {
  useEffect(() => showForbiddenDialog(), []);
  return (
    <div data-testid="route-forbidden">
      <NonIdealState icon={<LockIcon />} title={<FormattedMessage id="access.access-forbidden" />} />
    </div>
  );
}
