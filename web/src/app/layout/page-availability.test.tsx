import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTokenPair } from '../../api/auth/test-tokens';
import { PageAvailability } from '../../components/broker-support/page-availability';
import RetainedMessagesPage from '../../features/retained-messages/retained-messages-page';
import { pageOf, stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';

/** A broker of the production family without the retained-messages calls: `lacking` is how it answers them. */
function stubBrokerWithout(lacking: () => Response) {
  stubBrokerCalls(({ method, url }) => {
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
    if (route === 'POST /api/auth/token') return Response.json(makeTokenPair());
    if (route === 'GET /api/app/config') return Response.json({ tcpPort: 1999 });
    if (url.pathname.startsWith('/api/retained-msg')) return lacking();
    return undefined;
  });
}

const openPage = () =>
  renderPage(
    <PageAvailability>
      <RetainedMessagesPage />
    </PageAvailability>,
  );

describe('a page on a broker that lacks its calls', () => {
  setUpSignedInPageTests();
  beforeEach(() => window.history.replaceState(null, '', '/retained-messages'));

  it('says it is not available on this broker when its call answers 404 outside the error format', async () => {
    stubBrokerWithout(() => new Response('Cannot GET /api/retained-msg/v2', { status: 404 }));
    openPage();
    expect(await screen.findByText('Not available on this broker')).toBeTruthy();
    expect(screen.getByText('/api/retained-msg/v2')).toBeTruthy();
    expect(screen.queryByTestId('retained-topic-filter')).toBeNull();
  });

  it('says so for 501 Not Implemented too', async () => {
    stubBrokerWithout(() => Response.json({ status: 501, message: 'Not implemented', errorCode: 2 }, { status: 501 }));
    openPage();
    expect(await screen.findByText('Not available on this broker')).toBeTruthy();
  });

  it('stays the page when the broker answers its calls', async () => {
    stubBrokerWithout(() => Response.json(pageOf([], new URL('http://console/'))));
    openPage();
    expect(await screen.findByTestId('retained-topic-filter')).toBeTruthy();
    expect(screen.queryByText('Not available on this broker')).toBeNull();
  });

  it('stays the page when the broker does not answer the extensions discovery (TBMQ: 404, empty body): it has none', async () => {
    stubBrokerCalls(({ method, url }) => {
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/auth/user') return Response.json({ id: 'me', email: 'me@example.com', authority: 'SYS_ADMIN' });
      if (route === 'GET /api/starling/extensions') return new Response(null, { status: 404 });
      if (route === 'GET /api/retained-msg/v2') return Response.json(pageOf([], new URL('http://console/')));
      return undefined;
    });
    openPage();
    expect(await screen.findByText(/the last message published to a topic with the retain flag set/)).toBeTruthy();
    expect(screen.queryByText('Not available on this broker')).toBeNull();
  });
});
