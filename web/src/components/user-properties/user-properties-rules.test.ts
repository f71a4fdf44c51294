import { describe, expect, it } from 'vitest';
import { fromMqttUserProperties, toMqttUserProperties } from './user-properties-rules';

describe('user properties (spec section 3)', () => {
  it('turns repeated keys into arrays of their values', () => {
    const list = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
      { key: 'b', value: '3' },
    ];
    expect(toMqttUserProperties(list)).toEqual({ a: ['1', '2'], b: '3' });
  });

  it('drops pairs with an empty key but keeps empty values', () => {
    expect(toMqttUserProperties([{ key: '', value: 'x' }, { key: 'c', value: '' }])).toEqual({ c: '' });
  });

  it('gathers three values of one key in order', () => {
    expect(toMqttUserProperties(['x', 'y', 'z'].map((value) => ({ key: 'k', value })))).toEqual({ k: ['x', 'y', 'z'] });
  });

  it('turns the object back into one pair per value', () => {
    expect(fromMqttUserProperties({ a: ['1', '2'], b: '3' })).toEqual([
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
      { key: 'b', value: '3' },
    ]);
    expect(fromMqttUserProperties(undefined)).toEqual([]);
  });
});
