import { OverlaysProvider } from '@blueprintjs/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { JsonEditDialog } from './json-edit-dialog';

// Monaco cannot run in jsdom: a text area stands in for the lazily loaded editor (the real one is
// exercised end to end in Chromium).
vi.mock('./monaco-json-editor', () => ({
  default: ({ value, onChange }: { value: string; onChange(text: string): void }) => (
    <textarea aria-label="JSON text" value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const renderDialog = (dialog: ReactElement) => renderWithProviders(<OverlaysProvider>{dialog}</OverlaysProvider>);
const editor = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'JSON text' });
const type = async (text: string) => fireEvent.change(await editor(), { target: { value: text } });
const button = (name: string) => screen.getByRole('button', { name });

describe('JSON edit dialog (spec sections 2, 4 and 5)', () => {
  afterEach(cleanup);

  it('is titled "Edit JSON" by default and saves the edited object', async () => {
    const onSave = vi.fn();
    renderDialog(<JsonEditDialog isOpen value='{"a": 1}' onSave={onSave} onCancel={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Edit JSON' })).toBeTruthy();
    await type('{"a": 2}');
    fireEvent.click(button('Save'));
    expect(onSave).toHaveBeenCalledWith('{"a": 2}');
  });

  it('refuses an array with a clear message and disables save', async () => {
    renderDialog(<JsonEditDialog isOpen value="{}" onSave={vi.fn()} onCancel={vi.fn()} />);
    await type('[1, 2]');
    expect(screen.getByRole('alert').textContent).toBe('A JSON object is expected, not an array.');
    expect(button('Save')).toHaveProperty('disabled', true);
  });

  it("shows 'Json object is required.' for an empty text", async () => {
    renderDialog(<JsonEditDialog isOpen value="{}" onSave={vi.fn()} onCancel={vi.fn()} />);
    await type('');
    expect(screen.getByRole('alert').textContent).toBe('Json object is required.');
  });

  it("shows a parse error as 'Error: <name>: <message>' and leaves tidy and minify off", async () => {
    renderDialog(<JsonEditDialog isOpen value="{}" onSave={vi.fn()} onCancel={vi.fn()} />);
    await type('{"a": }');
    expect(screen.getByRole('alert').textContent).toMatch(/^Error: SyntaxError: Unexpected token/);
    expect(button('Tidy')).toHaveProperty('disabled', true);
    expect(button('Minify')).toHaveProperty('disabled', true);
  });

  it('tidies and minifies the text', async () => {
    renderDialog(<JsonEditDialog isOpen value='{"a":[1]}' onSave={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(button('Tidy'));
    expect((await editor()).value).toBe('{\n  "a": [\n    1\n  ]\n}');
    fireEvent.click(button('Minify'));
    expect((await editor()).value).toBe('{"a":[1]}');
  });

  it('accepts any JSON value when not limited to objects', async () => {
    const onSave = vi.fn();
    renderDialog(<JsonEditDialog isOpen objectOnly={false} title="Payload" value="[]" onSave={onSave} onCancel={vi.fn()} />);
    await type('[1]');
    fireEvent.click(button('Save'));
    expect(onSave).toHaveBeenCalledWith('[1]');
  });

  it('switches between normal and fullscreen modes', async () => {
    renderDialog(<JsonEditDialog isOpen value="{}" onSave={vi.fn()} onCancel={vi.fn()} />);
    await editor();
    fireEvent.click(button('Fullscreen'));
    expect(document.querySelector('.json-edit-dialog--fullscreen')).not.toBeNull();
    fireEvent.click(button('Exit fullscreen'));
    expect(document.querySelector('.json-edit-dialog--fullscreen')).toBeNull();
  });

  it('starts again from the value given each time it opens, dropping what was typed and cancelled', async () => {
    renderDialog(<Reopening />);
    await type('{"typed": true}');
    fireEvent.click(button('Cancel'));
    fireEvent.click(button('reopen'));
    expect((await editor()).value).toBe('{"a": 1}');
  });
});

/** A dialog that its cancel closes and a button opens again, as a form would. */
function Reopening() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <JsonEditDialog isOpen={open} value='{"a": 1}' onSave={vi.fn()} onCancel={() => setOpen(false)} />
    </>
  );
}
