import { type BreadcrumbProps, Breadcrumbs as BlueprintBreadcrumbs } from '@blueprintjs/core';
import type { MouseEvent, ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { underBase } from '../../api/base-path';
import { MEDIA_XS } from '../media-query/breakpoints';
import { useMediaQuery } from '../media-query/use-media-query';
import './breadcrumbs.css';

/** Spec section 2: a breadcrumb's route data. */
export interface BreadcrumbItem {
  /** Tells the crumbs apart: a route's path, or an item's type and id (e.g. a session's client id). */
  id: string;
  label: string;
  icon?: ReactElement;
  /** Absent on the current page. */
  link?: string;
  /** Kept on the link, e.g. a list's filter when its item's details are open. */
  queryParams?: Record<string, string>;
}

/** Where a breadcrumb leads: its link with its query parameters, or nowhere. */
export function breadcrumbTarget(item: BreadcrumbItem): string | undefined {
  if (item.link === undefined) return undefined;
  const query = new URLSearchParams(item.queryParams).toString();
  return query === '' ? item.link : `${item.link}?${query}`;
}

/**
 * Spec section 2, breadcrumbs: built from route data (id, label, icon, link, queryParams); on small
 * screens only the last one shows, as the page title.
 */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const small = useMediaQuery(MEDIA_XS);
  const current = items.at(-1);

  if (small) {
    return current ? <h1 className="breadcrumbs__title">{current.label}</h1> : null;
  }

  const breadcrumbs = items.map<BreadcrumbProps>((item) => {
    const target = breadcrumbTarget(item);
    return {
      text: item.label,
      icon: item.icon,
      // The address a new tab opens: below the console's base.
      href: target === undefined ? undefined : underBase(target),
      onClick: target === undefined ? undefined : (event: MouseEvent<HTMLElement>) => followLink(event, target),
    };
  });

  function followLink(event: MouseEvent<HTMLElement>, link: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(link);
  }

  return (
    <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'home.breadcrumbs' })}>
      <BlueprintBreadcrumbs items={breadcrumbs} />
    </nav>
  );
}
