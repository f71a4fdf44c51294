import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { getCurrentToast } from '../toast/toast-store';
import { ExtensionPanel } from './extension-panel';

function stubBroker(extensions: () => Response | undefined) {
  return stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/starling/extensions') return extensions();
    return undefined;
  });
}

const openPanel = () =>
  renderPage(
    <div>
      <p>the rest of the page</p>
      <ExtensionPanel extension="clientEvents">
        <p>client events panel</p>
      </ExtensionPanel>
    </div>,
  );

describe('a panel that needs a Starling extension', () => {
  setUpSignedInPageTests();

  it('shows the panel when the broker lists the extension', async () => {
    stubBroker(() => Response.json({ extensions: ['clientEvents'] }));
    openPanel();
    expect(await screen.findByText('client events panel')).toBeTruthy();
  });

  it('says it is not on this broker when the broker lists others, and keeps the rest of the page', async () => {
    stubBroker(() => Response.json({ extensions: ['alertRules'] }));
    openPanel();
    expect(await screen.findByText(/Not on this broker/)).toBeTruthy();
    expect(screen.getByText('the rest of the page')).toBeTruthy();
    expect(screen.queryByText('client events panel')).toBeNull();
  });

  it('takes a broker without the discovery call (404 with an empty body, as TBMQ answers) as one without extensions, once, and raises no toast', async () => {
    const calls = stubBroker(() => new Response(null, { status: 404 }));
    openPanel();
    expect(await screen.findByText(/Not on this broker/)).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname === '/api/starling/extensions')).toHaveLength(1);
    expect(getCurrentToast()).toBeNull();
  });
});
