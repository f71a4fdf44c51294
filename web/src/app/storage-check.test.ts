import { describe, expect, it } from 'vitest';
import { isLocalStorageWorking } from './storage-check';

function storage(overrides: Partial<Storage>): Storage {
  const values = new Map<string, string>();
  return {
    length: 0,
    clear: () => values.clear(),
    key: () => null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    ...overrides,
  };
}

describe('the start-up local storage check (spec section 8)', () => {
  it('passes when a value reads back as written, and leaves nothing behind', () => {
    const working = storage({});
    expect(isLocalStorageWorking(() => working)).toBe(true);
    expect(working.getItem('starling_storage_check')).toBeNull();
  });

  it('fails when storage returns something else, throws (blocked or full) or is missing', () => {
    expect(isLocalStorageWorking(() => storage({ getItem: () => 'other' }))).toBe(false);
    expect(isLocalStorageWorking(() => storage({ setItem: () => { throw new DOMException('QuotaExceededError'); } }))).toBe(false);
    expect(isLocalStorageWorking(() => undefined)).toBe(false);
    expect(
      isLocalStorageWorking(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBe(false);
  });
});
