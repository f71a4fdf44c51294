import { describe, expect, it } from 'vitest';
import type { BrokerConfig } from '../../../api/generated/model/brokerConfig';
import { recordedAnswer } from '../../../test-support/tbmq-recorded-answers';
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

  it('label every field of TBMQ 2.3’s recorded configuration', () => {
    const rows = configRows(recordedAnswer<BrokerConfig>('app', 'getBrokerConfig'));
    expect(rows.filter((row) => row.label === undefined).map((row) => row.key)).toEqual([]);
  });
});
