import { describe, expect, it } from 'vitest';
import { readListParam, withListParam } from './url-list-param';

describe('list filters in the URL', () => {
  it('read comma-joined known values and drop unknown ones', () => {
    const params = new URLSearchParams('clientTypeList=DEVICE,PRINTER');
    expect(readListParam(params, 'clientTypeList', ['DEVICE', 'APPLICATION'])).toEqual(['DEVICE']);
    expect(readListParam(new URLSearchParams(), 'clientTypeList', ['DEVICE'])).toEqual([]);
  });

  it('write a list comma-joined, and leave an empty one out', () => {
    const params = new URLSearchParams('tab=credentials');
    expect(withListParam(params, 'clientTypeList', ['DEVICE', 'APPLICATION']).toString()).toBe('tab=credentials&clientTypeList=DEVICE%2CAPPLICATION');
    expect(withListParam(new URLSearchParams('clientTypeList=DEVICE'), 'clientTypeList', []).toString()).toBe('');
  });
});
