import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { DialogLoading } from './dialog-loading';

describe('dialog loading body', () => {
  afterEach(cleanup);

  it("shows the broker's error when the item could not be read", () => {
    renderWithProviders(<DialogLoading error={new ApiError(404, "Requested item wasn't found!")} />);
    expect(screen.getByRole('alert').textContent).toBe("Requested item wasn't found!");
  });

  it('shows a spinner while the item is read', () => {
    renderWithProviders(<DialogLoading error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.bp6-spinner')).not.toBeNull();
  });
});
