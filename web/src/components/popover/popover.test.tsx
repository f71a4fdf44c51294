import { Dialog } from '@blueprintjs/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { POPOVER_TRANSITION_MS, Popover, type PopoverProps } from './popover';

const CONTENT = 'Client type: DEVICE';

function renderPopover(props: Partial<PopoverProps> = {}) {
  return renderWithProviders(
    <div>
      <Popover content={<span>{CONTENT}</span>} {...props}>
        <button type="button">details</button>
      </Popover>
      <button type="button">elsewhere</button>
    </div>,
  );
}

const target = () => screen.getByRole('button', { name: 'details' });
const isShown = () => screen.queryByText(CONTENT) !== null;
const waitUntilHidden = () => waitFor(() => expect(isShown()).toBe(false));
/** A closing popover stays in the page while it fades out: look only once that would be over. */
const afterClosingTransition = () =>
  act(() => new Promise((resolve) => setTimeout(resolve, POPOVER_TRANSITION_MS + 100)));

describe('popover (spec sections 4 and 9)', () => {
  afterEach(cleanup);

  it('opens on click, with a close button that closes it', async () => {
    renderPopover();
    expect(isShown()).toBe(false);
    fireEvent.click(target());
    expect(await screen.findByText(CONTENT)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitUntilHidden();
  });

  it('can leave the close button out', async () => {
    renderPopover({ showCloseButton: false });
    fireEvent.click(target());
    expect(await screen.findByText(CONTENT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('hides on a click outside', async () => {
    renderPopover();
    fireEvent.click(target());
    await screen.findByText(CONTENT);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'elsewhere' }));
    await waitUntilHidden();
  });

  it('stays open for a click in another overlay on top of it', async () => {
    renderWithProviders(
      <Popover content={<span>{CONTENT}</span>}>
        <button type="button">details</button>
      </Popover>,
    );
    fireEvent.click(target());
    await screen.findByText(CONTENT);
    const { unmount } = renderWithProviders(
      <Dialog isOpen title="on top">
        <button type="button">inside the dialog</button>
      </Dialog>,
    );
    fireEvent.mouseDown(await screen.findByRole('button', { name: 'inside the dialog' }));
    await afterClosingTransition();
    expect(isShown()).toBe(true);
    unmount();
  });

  it('with the focus trigger opens when its target gains focus and stays open on a click of the target', async () => {
    renderPopover({ trigger: 'focus' });
    fireEvent.focus(target());
    expect(await screen.findByText(CONTENT)).toBeTruthy();
    fireEvent.click(target());
    await afterClosingTransition();
    expect(isShown()).toBe(true);
  });

  it('with the hover trigger opens when pointed at', async () => {
    renderPopover({ trigger: 'hover' });
    fireEvent.mouseEnter(target());
    expect(await screen.findByText(CONTENT)).toBeTruthy();
  });
});
