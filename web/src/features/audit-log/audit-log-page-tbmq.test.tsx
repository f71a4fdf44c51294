import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import AuditLogPage from './audit-log-page';

describe('audit log page against TBMQ 2.3', () => {
  setUpSignedInPageTests();

  it('says it is not available on this broker, which does not answer the extensions call (404, empty body), and asks it nothing else', async () => {
    const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/starling/extensions' ? new Response(null, { status: 404 }) : undefined));
    renderPage(<AuditLogPage />);
    expect(await screen.findByText('Not available on this broker')).toBeTruthy();
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/starling/extensions']);
  });
});
