/** Spec section 8: the console keeps its session in local storage, so it checks at start that it works. */
export const STORAGE_CHECK_FAILURE = 'localStorage did not return expected value';

const PROBE_KEY = 'starling_storage_check';

/**
 * Writes, reads back and removes a value; false when storage is missing, full or blocked. Storage is
 * reached through a function because a browser that blocks it throws on `window.localStorage` itself.
 */
export function isLocalStorageWorking(getStorage: () => Storage | undefined = () => globalThis.localStorage): boolean {
  const probe = String(Date.now());
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(PROBE_KEY, probe);
    const read = storage.getItem(PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return read === probe;
  } catch {
    return false;
  }
}
