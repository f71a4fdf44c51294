import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { setUpSignedInPageTests } from '../../test-support/page-test';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { useExtension } from './broker-extensions';

function ExtensionState({ name }: { name: string }) {
  return <p data-testid="state">{useExtension(name)}</p>;
}

/** Parts asking about an extension mount one after another, as a page's charts do. */
function MountingParts({ count }: { count: number }) {
  const [mounted, setMounted] = useState(1);
  return (
    <>
      {Array.from({ length: mounted }, (_, index) => (
        <ExtensionState key={index} name="timeseriesPixelColumns" />
      ))}
      <button type="button" onClick={() => setMounted((current) => Math.min(count, current + 1))}>
        more
      </button>
    </>
  );
}

describe('extension discovery', () => {
  setUpSignedInPageTests();

  it('asks a broker without the call (404, as TBMQ answers) once per session, however many parts mount after', async () => {
    const calls = stubBrokerCalls(({ url }) => (url.pathname === '/api/starling/extensions' ? new Response(null, { status: 404 }) : undefined));
    renderWithProviders(<MountingParts count={6} />);
    await waitFor(() => expect(screen.getAllByTestId('state').map((state) => state.textContent)).toEqual(['missing']));
    for (let part = 2; part <= 6; part += 1) {
      screen.getByRole('button', { name: 'more' }).click();
      await waitFor(() => expect(screen.getAllByTestId('state')).toHaveLength(part));
    }
    expect(screen.getAllByTestId('state').map((state) => state.textContent)).toEqual(Array(6).fill('missing'));
    expect(calls.filter((call) => call.url.pathname === '/api/starling/extensions')).toHaveLength(1);
  });
});
