import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { AlertDialog } from './alert-dialog';
import { ConfirmDialog } from './confirm-dialog';

const renderDialog = (dialog: ReactElement) => renderWithProviders(<OverlaysProvider>{dialog}</OverlaysProvider>);
const pressEscape = () => fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 });

describe('confirm dialog (spec section 2)', () => {
  afterEach(cleanup);

  it('shows title and message and confirms with the OK button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderDialog(<ConfirmDialog isOpen title="Delete user?" message="This cannot be undone." onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('heading', { name: 'Delete user?' })).toBeTruthy();
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('uses the labels it is given and cancels with the cancel button', () => {
    const onCancel = vi.fn();
    renderDialog(<ConfirmDialog isOpen title="Delete?" message="Sure?" okLabel="Yes" cancelLabel="No" onConfirm={vi.fn()} onCancel={onCancel} />);
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels on Escape', () => {
    const onCancel = vi.fn();
    renderDialog(<ConfirmDialog isOpen title="Delete?" message="Sure?" onConfirm={vi.fn()} onCancel={onCancel} />);
    pressEscape();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cannot be confirmed twice or cancelled while the action runs', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderDialog(<ConfirmDialog isOpen loading title="Delete?" message="Sure?" onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    pressEscape();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows nothing while closed', () => {
    renderDialog(<ConfirmDialog isOpen={false} title="Delete?" message="Sure?" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('alert dialog (spec section 2)', () => {
  afterEach(cleanup);

  it('shows its message and closes with OK or Escape', () => {
    const onClose = vi.fn();
    renderDialog(<AlertDialog isOpen title="Login error" message="The link has expired." onClose={onClose} />);
    expect(screen.getByText('The link has expired.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
