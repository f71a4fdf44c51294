import { Button, InputGroup } from '@blueprintjs/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/generated/model/user';
import { stubBrokerCalls } from '../../test-support/broker-stub';
import { renderPage, setUpSignedInPageTests } from '../../test-support/page-test';
import { makeUser } from '../../test-support/test-user';
import { FormDialogFooter } from '../form/form-dialog-footer';
import { ChangeAction, ChangesOnly, ReadOnlyFieldset } from './change-action';

/** The broker answers the signed-in user as given: with a role, or without one as TBMQ does. */
function signInAs(user: User) {
  stubBrokerCalls(({ url }) => (url.pathname === '/api/auth/user' ? Response.json(user) : undefined));
}

const readOnly = makeUser({ role: 'READ_ONLY' });

function Page({ onDelete }: { onDelete: () => void }) {
  return (
    <form>
      <ChangeAction>
        <Button onClick={onDelete}>Delete</Button>
      </ChangeAction>
      <ChangesOnly>
        <span>Bulk actions</span>
      </ChangesOnly>
      <ReadOnlyFieldset>
        <InputGroup aria-label="Name" defaultValue="Ada" />
      </ReadOnlyFieldset>
      <FormDialogFooter submitLabel="Save" pending={false} onCancel={() => undefined} submitTestId="broker-save" />
    </form>
  );
}

function OwnWorkspaceFooter() {
  return (
    <form>
      <FormDialogFooter submitLabel="Save" pending={false} onCancel={() => undefined} submitTestId="own-save" ownAccount />
    </form>
  );
}

/** Inside a disabled fieldset a control is disabled (HTML) though its own `disabled` property stays false. */
const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;

describe('changes and roles (openapi.yaml "Changes and roles")', () => {
  setUpSignedInPageTests();

  it('disables every change for a read-only account, and says why on hover', async () => {
    signInAs(readOnly);
    const onDelete = vi.fn();
    renderPage(<Page onDelete={onDelete} />);
    await waitFor(() => expect(nameInput().matches(':disabled')).toBe(true));
    const deleteButton = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);
    fireEvent.click(deleteButton);
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText('Bulk actions')).toBeNull();
    expect((screen.getByTestId('broker-save') as HTMLButtonElement).disabled).toBe(true);
    // The reason shows over the disabled button (its wrapper takes the pointer).
    fireEvent.mouseEnter(deleteButton.parentElement as HTMLElement);
    expect((await screen.findAllByText('Your account is read-only: it cannot change this.')).length).toBeGreaterThan(0);
  });

  it('keeps the signed-in account’s own workspace changeable for a read-only account', async () => {
    signInAs(readOnly);
    renderPage(
      <>
        <Page onDelete={() => undefined} />
        <OwnWorkspaceFooter />
      </>,
    );
    // Once the account has loaded as read-only, the broker's form is closed to it and its own is not.
    await waitFor(() => expect((screen.getByTestId('broker-save') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('own-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['an administrator', makeUser({ role: 'ADMIN' })],
    ['a user without role (TBMQ’s)', makeUser()],
  ])('lets %s change everything', async (_, user) => {
    signInAs(user);
    const onDelete = vi.fn();
    renderPage(<Page onDelete={onDelete} />);
    await screen.findByText('Bulk actions');
    expect(nameInput().matches(':disabled')).toBe(false);
    expect((screen.getByTestId('broker-save') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
