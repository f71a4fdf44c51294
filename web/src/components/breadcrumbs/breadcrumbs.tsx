import { type BreadcrumbProps, Breadcrumbs as BlueprintBreadcrumbs } from '@blueprintjs/core';
import type { MouseEvent, ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { underBase } from '../../api/base-path';
import { MEDIA_XS } from '../media-query/breakpoints';
import { useMediaQuery } from '../media-query/use-media-query';
import './breadcrumbs.css';

export interface BreadcrumbItem {
  label: string;
  icon?: ReactElement;
  /** Absent on the current page. */
  link?: string;
}

/**
 * Spec section 2, breadcrumbs: built from route data; on small screens only the last one shows,
 * as the page title.
 */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const small = useMediaQuery(MEDIA_XS);
  const current = items.at(-1);

  if (small) {
    return current ? <h1 className="breadcrumbs__title">{current.label}</h1> : null;
  }

  const breadcrumbs = items.map<BreadcrumbProps>((item) => ({
    text: item.label,
    icon: item.icon,
    // The address a new tab opens: below the console's base.
    href: item.link === undefined ? undefined : underBase(item.link),
    onClick: item.link ? (event: MouseEvent<HTMLElement>) => followLink(event, item.link ?? '') : undefined,
  }));

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
