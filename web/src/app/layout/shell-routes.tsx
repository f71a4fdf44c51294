import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { PageAvailability } from '../../components/broker-support/page-availability';
import { PageErrorBoundary } from '../../components/page-error/page-error-boundary';
import { PageLoading } from '../../components/page-loading/page-loading';
import { useDocumentTitle } from '../../components/document-title/use-document-title';
import { DEFAULT_URL } from '../auth/redirect-url';
import { groupRoutes, type PageRoute, pageRoutes } from '../routes/page-routes';
import { RouteGuard } from '../routes/route-guard';

/** The shell's pages; the root path and any unknown path go home (spec section 2). */
export function ShellRoutes() {
  return (
    <Switch>
      {groupRoutes.map((group) => (
        <Route key={group.path} path={group.path}>
          <Redirect to={group.redirectTo} replace />
        </Route>
      ))}
      {pageRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          <ShellPage route={route} />
        </Route>
      ))}
      <Route>
        <Redirect to={DEFAULT_URL} replace />
      </Route>
    </Switch>
  );
}

function ShellPage({ route }: { route: PageRoute }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(route.title));
  const Page = route.page;
  return (
    <PageErrorBoundary>
      <RouteGuard access={route.access}>
        <Suspense fallback={<PageLoading />}>
          <PageAvailability>
            <Page />
          </PageAvailability>
        </Suspense>
      </RouteGuard>
    </PageErrorBoundary>
  );
}
