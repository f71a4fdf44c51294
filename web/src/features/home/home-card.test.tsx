import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import germanMessages from '../../../public/assets/locale/locale.constant-de_DE.json';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HomeCard } from './home-card';

afterEach(cleanup);

const card = <HomeCard id="sessions" title="Sessions" icon={null} link="/sessions" docsPage="sessions">content</HomeCard>;

describe('home card frame (spec section 2: "Cards have a title link and a help icon")', () => {
  it('links its title to its page and opens its documentation in a new tab', () => {
    renderWithProviders(card);
    const frame = screen.getByRole('region', { name: 'Sessions' });
    expect(within(frame).getByRole('link', { name: 'Sessions' }).getAttribute('href')).toBe('/sessions');
    const help = within(frame).getByRole('link', { name: 'Open the documentation in a new tab' });
    expect(help.getAttribute('href')).toBe(`${window.location.origin}/docs/en/sessions`);
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toBe('noopener');
  });

  it('links the title of a card without a page of its own to its documentation, in a new tab', () => {
    renderWithProviders(
      <HomeCard id="version" title="Version" icon={null} docsPage="version">
        content
      </HomeCard>,
    );
    const title = within(screen.getByRole('region', { name: 'Version' })).getByRole('link', { name: 'Version' });
    expect(title.getAttribute('href')).toBe(`${window.location.origin}/docs/en/version`);
    expect(title.getAttribute('target')).toBe('_blank');
  });

  it('opens the German documentation for a German reader', () => {
    render(
      <IntlProvider locale="de-DE" messages={germanMessages}>
        {card}
      </IntlProvider>,
    );
    expect(screen.getByRole('link', { name: 'Dokumentation in einem neuen Tab öffnen' }).getAttribute('href')).toBe(`${window.location.origin}/docs/de/sessions`);
  });
});
