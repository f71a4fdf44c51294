import { describe, expect, it } from 'vitest';
import { addTypedValues, isMissingRequiredList, suggestionsFor, typedValues } from './chip-input-rules';

describe('chip input rules (spec section 5)', () => {
  it('trims typed values, drops blanks and splits on comma and semicolon', () => {
    expect(typedValues('  sensors/.* ; ,alerts/.*,  ')).toEqual(['sensors/.*', 'alerts/.*']);
  });

  it('ignores duplicates, of the list and within the typed text', () => {
    expect(addTypedValues(['a'], ' a , b ; b').values).toEqual(['a', 'b']);
  });

  it('refuses values outside the offered list when addValueOutOfList is false', () => {
    const rules = { options: ['DEVICE', 'APPLICATION'], addValueOutOfList: false };
    expect(addTypedValues([], 'DEVICE', rules)).toEqual({ values: ['DEVICE'] });
    expect(addTypedValues([], 'PRINTER', rules)).toEqual({ values: [], refused: { value: 'PRINTER', reason: 'out-of-list' } });
  });

  it('accepts values outside the list by default', () => {
    expect(addTypedValues([], 'PRINTER', { options: ['DEVICE'] }).values).toEqual(['PRINTER']);
  });

  it('keeps the values before a refused one and reports the check that refused it', () => {
    const checkValue = (value: string) => (value.startsWith('[') ? 'unclosed bracket' : undefined);
    expect(addTypedValues([], 'a;[b;c', { checkValue })).toEqual({ values: ['a'], refused: { value: '[b', reason: 'invalid', problem: 'unclosed bracket' } });
  });

  it('suggests options by case-insensitive prefix, leaving out chosen ones', () => {
    expect(suggestionsFor(['Sensors/.*', 'sensors/#', 'alerts/.*'], ['sensors/#'], ' SEN')).toEqual(['Sensors/.*']);
    expect(suggestionsFor(['a', 'b'], [], '')).toEqual(['a', 'b']);
  });

  it('reports an empty required list as missing, and only then', () => {
    expect(isMissingRequiredList([], true)).toBe(true);
    expect(isMissingRequiredList(['a'], true)).toBe(false);
    expect(isMissingRequiredList([], false)).toBe(false);
  });
});
