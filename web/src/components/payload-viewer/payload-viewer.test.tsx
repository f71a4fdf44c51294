import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { PayloadViewer } from './payload-viewer';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('payload viewer', () => {
  afterEach(cleanup);

  it('shows JSON pretty-printed, each object and array foldable', () => {
    renderWithProviders(<PayloadViewer payload={utf8('{"device":{"id":7,"tags":["a","b"]},"ok":true}')} formatIndicator={1} />);
    expect(screen.getByRole('radio', { name: 'JSON' }).getAttribute('aria-checked')).toBe('true');
    const json = screen.getByTestId('payload-json');
    expect(json.textContent).toContain('"device": {');
    expect(json.textContent).toContain('"tags": [');
    expect(screen.getByTestId('payload-size').textContent).toContain('46 bytes');

    const [, deviceToggle] = within(json).getAllByRole('button', { name: 'Fold' });
    fireEvent.click(deviceToggle as HTMLElement);
    expect(json.textContent).toContain('"device": {2 keys}');
    expect(json.textContent).not.toContain('"tags"');
    fireEvent.click(screen.getByRole('button', { name: 'Unfold' }));
    expect(json.textContent).toContain('"tags": [');

    fireEvent.click(screen.getByTestId('json-fold-all'));
    expect(screen.getByTestId('payload-json').textContent).toContain('"device": {2 keys}');
  });

  it('opens a large document with its nested levels folded', () => {
    const readings = Array.from({ length: 120 }, (_, index) => ({ index, value: index * 2 }));
    renderWithProviders(<PayloadViewer payload={utf8(JSON.stringify({ readings }))} />);
    const json = screen.getByTestId('payload-json');
    expect(json.textContent).toContain('"readings": [');
    expect(json.textContent).toContain('{2 keys}');
    expect(json.textContent).not.toContain('"value"');
  });

  it('shows a document of 100,000 nested brackets as text instead of overflowing the stack', () => {
    const depth = 100_000;
    renderWithProviders(<PayloadViewer payload={utf8(`${'['.repeat(depth)}${']'.repeat(depth)}`)} />);
    expect(screen.queryByRole('radio', { name: 'JSON' })).toBeNull();
    expect(screen.getByTestId('payload-text').textContent).toHaveLength(2 * depth);
  });

  it('shows text as it is, and lets the reader switch to its bytes', () => {
    renderWithProviders(<PayloadViewer payload={utf8('Grüße\naus Berlin')} />);
    expect(screen.queryByRole('radio', { name: 'JSON' })).toBeNull();
    expect(screen.getByTestId('payload-text').textContent).toBe('Grüße\naus Berlin');
    fireEvent.click(screen.getByRole('radio', { name: 'Binary' }));
    expect(screen.getByTestId('payload-hex').textContent).toContain('00000000  47 72 c3 bc c3 9f 65 0a  61 75 73 20 42 65 72 6c  |Gr....e.aus Berl|');
    expect(screen.getByTestId('payload-base64').textContent).toContain('R3LDvMOfZQphdXMgQmVybGlu');
  });

  it('shows bytes that are not text as hex and base64, and as text on request', () => {
    renderWithProviders(<PayloadViewer payload={new Uint8Array([0x00, 0x01, 0xff, 0x41])} formatIndicator={0} />);
    expect(screen.getByRole('radio', { name: 'Binary' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('payload-hex').textContent).toContain('00 01 ff 41');
    expect(screen.getByTestId('payload-base64').textContent).toContain('AAH/QQ==');
    fireEvent.click(screen.getByRole('radio', { name: 'Text' }));
    expect(screen.getByTestId('payload-text').textContent).toBe('\u0000\u0001\uFFFDA');
  });
});
