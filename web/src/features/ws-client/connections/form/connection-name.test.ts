import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_NAME, uniqueConnectionName } from './connection-name';

describe('default connection name (spec section 3)', () => {
  it('is "WebSocket Connection" while no connection has that name', () => {
    expect(DEFAULT_CONNECTION_NAME).toBe('WebSocket Connection');
    expect(uniqueConnectionName(DEFAULT_CONNECTION_NAME, ['Other', 'WebSocket Connection 2'])).toBe('WebSocket Connection');
  });

  it('gets the first free number when the name is taken', () => {
    expect(uniqueConnectionName(DEFAULT_CONNECTION_NAME, ['WebSocket Connection'])).toBe('WebSocket Connection 2');
    expect(uniqueConnectionName(DEFAULT_CONNECTION_NAME, ['WebSocket Connection', 'WebSocket Connection 2', 'WebSocket Connection 4'])).toBe('WebSocket Connection 3');
  });

  it('compares names exactly, as the broker does', () => {
    expect(uniqueConnectionName('Lab', ['lab', 'Lab '])).toBe('Lab');
  });
});
