import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { useAddingClosesAnonymousAccess } from './use-credentials-queries';

function Warning() {
  return <span data-testid="closes">{String(useAddingClosesAnonymousAccess(true))}</span>;
}

/** A broker in AUTO mode, open to anonymous clients, holding one entry: credentials it made for a web-socket client AUTO connection. */
function stubBroker() {
  stubBrokerCalls(({ url }) => {
    if (url.pathname === '/api/mqtt/anonymousAccess') return Response.json({ mode: 'AUTO', allowed: true, pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] });
    if (url.pathname === '/api/mqtt/client/credentials/info') return Response.json({ deviceCredentialsCount: 0, applicationCredentialsCount: 1, totalCount: 1 });
    return undefined;
  });
}

describe('the warning before the first credentials close anonymous access', () => {
  setUpSignedInPageTests();

  it('is given while AUTO keeps the broker open, although generated credentials exist', async () => {
    stubBroker();
    renderPage(<Warning />);
    expect((await screen.findByText('true')).textContent).toBe('true');
  });
});
