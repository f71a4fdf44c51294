import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FilterPanelForm } from './filter-panel-form';

function renderPanel() {
  const handlers = { onApply: vi.fn(), onReset: vi.fn(), onClose: vi.fn() };
  renderWithProviders(
    <FilterPanelForm label="Filter" className="things-filter" testIdPrefix="things-filter" resetLabel="Reset" {...handlers}>
      <input aria-label="Name" />
    </FilterPanelForm>,
  );
  return handlers;
}

describe('filter panel form', () => {
  afterEach(cleanup);

  it('applies on the apply button and on Enter in a field, never by reloading the page', () => {
    const { onApply } = renderPanel();
    fireEvent.click(screen.getByTestId('things-filter-apply'));
    fireEvent.submit(screen.getByRole('form', { name: 'Filter' }));
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('resets and closes without applying', () => {
    const { onApply, onReset, onClose } = renderPanel();
    fireEvent.click(screen.getByTestId('things-filter-reset'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([onReset.mock.calls.length, onClose.mock.calls.length, onApply.mock.calls.length]).toEqual([1, 1, 0]);
  });
});
