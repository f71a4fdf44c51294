import { describe, expect, it } from 'vitest';
import { configRows } from './config-rows';

describe('config rows (spec section 2, home "config")', () => {
  it('list the known settings first, in the card’s order and with their labels, then any other by name', () => {
    const rows = configRows({ zebra: 'z', anonymousAccessAllowed: false, wsPort: 8084, tcpPort: 1883, alpha: 1 });
    expect(rows).toEqual([
      { key: 'tcpPort', label: 'home.config-tcpPort', value: 1883 },
      { key: 'wsPort', label: 'home.config-wsPort', value: 8084 },
      { key: 'anonymousAccessAllowed', label: 'home.config-anonymousAccessAllowed', value: false },
      { key: 'alpha', label: undefined, value: 1 },
      { key: 'zebra', label: undefined, value: 'z' },
    ]);
  });

  it('take nothing from the prototype chain as a known key', () => {
    expect(configRows({ toString: 'x' })).toEqual([{ key: 'toString', label: undefined, value: 'x' }]);
  });
});
