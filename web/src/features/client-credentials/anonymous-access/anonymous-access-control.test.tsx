import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnonymousAccess } from '../../../api/generated/model/anonymousAccess';
import { type RecordedCall, stubBrokerCalls } from '../../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../../test-support/page-test';
import { AnonymousAccessControl } from './anonymous-access-control';

const EVERY_TOPIC: AnonymousAccess = { mode: 'ALLOWED', allowed: true, pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] };

/** The anonymous-access API: answers what was last saved, or `refusal` for a save. */
function stubBroker(initial: AnonymousAccess, refusal?: Response): RecordedCall[] {
  let current = initial;
  return stubBrokerCalls(({ method, url, body }) => {
    if (url.pathname !== '/api/mqtt/anonymousAccess') return undefined;
    if (method === 'POST') {
      if (refusal) return refusal;
      current = { ...current, ...(body as Partial<AnonymousAccess>) };
    }
    return Response.json(current);
  });
}

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);
const addChip = (field: HTMLElement, value: string) => {
  fireEvent.change(field, { target: { value } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

describe('anonymous access control (README "Client access control")', () => {
  setUpSignedInPageTests();

  it('shows what anonymous clients may use, and that they are restricted', async () => {
    stubBroker({ ...EVERY_TOPIC, pubAuthRulePatterns: [], subAuthRulePatterns: ['public/.*'] });
    renderPage(<AnonymousAccessControl />);
    expect((await screen.findByTestId('anonymous-rules-publish')).textContent).toBe('Publish: no topic');
    expect(screen.getByTestId('anonymous-rules-subscribe').textContent).toBe('Subscribe: public/.*');
    expect(screen.getByTestId('anonymous-access-restricted').textContent).toBe('Restricted topics');
  });

  it('does not call every topic restricted', async () => {
    stubBroker(EVERY_TOPIC);
    renderPage(<AnonymousAccessControl />);
    expect((await screen.findByTestId('anonymous-rules-publish')).textContent).toBe('Publish: every topic');
    expect(screen.queryByTestId('anonymous-access-restricted')).toBeNull();
  });

  it('keeps the stored rules when only the mode changes', async () => {
    const calls = stubBroker({ ...EVERY_TOPIC, mode: 'REFUSED', allowed: false, pubAuthRulePatterns: [] });
    renderPage(<AnonymousAccessControl />);
    fireEvent.change(await screen.findByLabelText('Anonymous access'), { target: { value: 'ALLOWED' } });
    await waitFor(() => expect(saves(calls)).toEqual([{ mode: 'ALLOWED', pubAuthRulePatterns: [], subAuthRulePatterns: ['.*'] }]));
  });

  it('saves read-only rules edited as chips: no publish rule, subscribe under public/ only', async () => {
    const calls = stubBroker(EVERY_TOPIC);
    renderPage(<AnonymousAccessControl />);
    fireEvent.click(await screen.findByTestId('anonymous-rules-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Topic rules of anonymous clients' });
    const save = within(dialog).getByTestId('anonymous-rules-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const [removePublishAll, removeSubscribeAll] = within(dialog).getAllByRole('button', { name: 'Remove .*' });
    fireEvent.click(removePublishAll as HTMLElement);
    fireEvent.click(removeSubscribeAll as HTMLElement);
    addChip(within(dialog).getByRole('combobox', { name: 'Subscribe rules' }), 'public/.*');
    expect(within(dialog).getByText('No rule: no topic is allowed.')).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(saves(calls)).toEqual([{ mode: 'ALLOWED', pubAuthRulePatterns: [], subAuthRulePatterns: ['public/.*'] }]));
    expect(await screen.findByText('Topic rules of anonymous clients saved')).toBeTruthy();
    expect((await screen.findByTestId('anonymous-rules-subscribe')).textContent).toBe('Subscribe: public/.*');
  });

  it("shows the broker's refusal of a rule under the list it names", async () => {
    const refusal = Response.json(
      { status: 400, errorCode: 30, message: 'body.subAuthRulePatterns[0] is not a valid regular expression: Lone quantifier brackets', timestamp: 0 },
      { status: 400 },
    );
    stubBroker(EVERY_TOPIC, refusal);
    renderPage(<AnonymousAccessControl />);
    fireEvent.click(await screen.findByTestId('anonymous-rules-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Topic rules of anonymous clients' });
    addChip(within(dialog).getByRole('combobox', { name: 'Subscribe rules' }), 'public/.*');
    fireEvent.click(within(dialog).getByTestId('anonymous-rules-save'));
    const subscribeField = within(dialog).getByRole('combobox', { name: 'Subscribe rules' });
    await waitFor(() => expect(subscribeField.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(/body.subAuthRulePatterns\[0\] is not a valid regular expression/)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Publish rules' }).getAttribute('aria-invalid')).toBe('false');
  });

  it('refuses a pattern over the length the broker takes as it is typed', async () => {
    stubBroker(EVERY_TOPIC);
    renderPage(<AnonymousAccessControl />);
    fireEvent.click(await screen.findByTestId('anonymous-rules-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Topic rules of anonymous clients' });
    const long = 'x'.repeat(1025);
    addChip(within(dialog).getByRole('combobox', { name: 'Publish rules' }), long);
    expect(within(dialog).getByText(`“${long}” is refused: at most 1024 characters`)).toBeTruthy();
  });
});
