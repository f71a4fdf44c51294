import { NonIdealState } from '@blueprintjs/core';
import { DisableIcon } from '@blueprintjs/icons';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { getGetBrokerExtensionsQueryKey } from '../../api/generated/endpoints/starling/starling';
import { isUnansweredCall } from './unanswered-call';

/** The extensions call is asked of every broker: one without it simply has no extensions (broker-extensions.ts). */
const [EXTENSIONS_CALL] = getGetBrokerExtensionsQueryKey();

/**
 * A page that says it is not available on this broker when a call it makes is one the broker does
 * not answer (isUnansweredCall), instead of breaking. The calls counted are those the page starts:
 * queries already cached when it opened (the shell's own) are not its.
 */
export function PageAvailability({ children }: { children: ReactNode }) {
  const queryCache = useQueryClient().getQueryCache();
  // Taken in the first render, before the page's own queries exist.
  const [before] = useState(() => new Set(queryCache.getAll().map((query) => query.queryHash)));
  const [unanswered, setUnanswered] = useState<string>();

  useEffect(() => {
    const check = (query: Query) => {
      if (before.has(query.queryHash) || query.state.status !== 'error' || !isUnansweredCall(query.state.error)) return;
      const [path] = query.queryKey;
      if (path === EXTENSIONS_CALL) return;
      setUnanswered((current) => current ?? (typeof path === 'string' ? path : query.queryHash));
    };
    queryCache.getAll().forEach(check);
    return queryCache.subscribe((event) => check(event.query));
  }, [queryCache, before]);

  if (unanswered === undefined) return children;
  return (
    <NonIdealState
      className="page-availability"
      icon={<DisableIcon />}
      title={<FormattedMessage id="broker-support.unavailable-title" />}
      description={<FormattedMessage id="broker-support.unavailable-description" values={{ call: <code>{unanswered}</code> }} />}
    />
  );
}
