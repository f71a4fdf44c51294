import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { stubScreenWidth } from '../../test-support/screen-width';
import { WsClientLayout } from './ws-client-layout';

const parts = {
  connections: <p>connections part</p>,
  bar: <p>bar part</p>,
  subscriptions: <p>subscriptions part</p>,
  publish: <p>publish part</p>,
  messages: <p>messages part</p>,
};

describe('web-socket client layout (issue 15)', () => {
  setUpSignedInPageTests();

  it('shows every part at once on a wide screen', () => {
    renderPage(<WsClientLayout {...parts} />);
    expect(screen.getByTestId('ws-client-layout-wide')).toBeTruthy();
    for (const text of Object.keys(parts)) expect(screen.getByText(`${text} part`)).toBeTruthy();
    // The messages are a named region inside the shell's main landmark, not a second main.
    expect(screen.getByRole('region', { name: 'Messages' }).textContent).toContain('messages part');
    expect(screen.queryAllByRole('main').filter((element) => element.closest('[data-testid="ws-client-layout-wide"]'))).toEqual([]);
  });

  it('turns into tabs under the bar at 599 px and below, starting with the messages', () => {
    stubScreenWidth(599);
    renderPage(<WsClientLayout {...parts} insights={<p>insights part</p>} />);
    expect(screen.getByTestId('ws-client-layout-narrow')).toBeTruthy();
    expect(screen.getByText('bar part')).toBeTruthy();
    expect(screen.getByText('messages part')).toBeTruthy();
    // The other tabs stay mounted, hidden, so that a half-typed message survives a tab change.
    expect(screen.getByText('publish part').closest('[role="tabpanel"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('messages part').closest('[role="tabpanel"]')?.getAttribute('aria-hidden')).toBe('false');
    expect(screen.getByRole('tab', { name: 'Insights' })).toBeTruthy();
  });

  it('leaves out the subscriptions and publish parts, not shows them empty, while no connection is selected', () => {
    renderPage(<WsClientLayout connections={parts.connections} bar={undefined} subscriptions={undefined} publish={undefined} messages={parts.messages} />);
    expect(screen.getByText('messages part')).toBeTruthy();
    expect(screen.queryByText('Publish')).toBeNull();
    expect(screen.getByTestId('ws-client-layout-wide').querySelector('.ws-client-layout__side')).toBeNull();
  });

  it('offers no empty subscriptions and publish tabs on a narrow screen while no connection is selected', () => {
    stubScreenWidth(599);
    renderPage(<WsClientLayout connections={parts.connections} bar={undefined} subscriptions={undefined} publish={undefined} messages={parts.messages} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Connections', 'Messages']);
  });
});
