import { Card, Classes, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DocsButton } from '../../components/docs/docs-button';
import type { DocsPage } from '../../components/docs/docs-url';
import { useDocsUrl } from '../../components/docs/use-docs-url';

export interface HomeCardProps {
  /** Names the card: its heading, and the card's accessible name. */
  id: string;
  title: ReactNode;
  icon: ReactNode;
  /** The console page the title opens; a card without one (config, version, quick links, getting started) links its title to its documentation, in a new tab. */
  link?: string;
  /** The documentation page the help icon opens in a new tab. */
  docsPage: DocsPage;
  /** Buttons beside the help icon. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Spec section 2, home dashboard: every card has a title link (its page, or its documentation) and a help icon opening its documentation. */
export function HomeCard({ id, title, icon, link, docsPage, actions, className, children }: HomeCardProps) {
  const headingId = `home-${id}-title`;
  const docsUrl = useDocsUrl();
  return (
    <Card role="region" className={['home-card', className].filter(Boolean).join(' ')} aria-labelledby={headingId} data-testid={`home-card-${id}`}>
      <div className="home-card__header">
        <H3 id={headingId} className="home-card__title">
          <span className={Classes.TEXT_MUTED}>{icon}</span>
          {link ? (
            <Link href={link} className="home-card__title-link">
              {title}
            </Link>
          ) : (
            <a href={docsUrl(docsPage)} target="_blank" rel="noopener" className="home-card__title-link">
              {title}
            </a>
          )}
        </H3>
        <span className="home-card__actions">
          {actions}
          <DocsButton page={docsPage} size="small" />
        </span>
      </div>
      {children}
    </Card>
  );
}
