/**
 * Things that arrive over time (messages, mails): kept in order until a test takes them, and
 * `next` waits for one that has not arrived yet.
 */
export function arrivals<T>(what: string) {
  const items: T[] = [];
  const waiters: ((item: T) => void)[] = [];
  return {
    items,
    add(item: T): void {
      const waiter = waiters.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    next(timeoutMs: number): Promise<T> {
      const ready = items.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((item) => {
          clearTimeout(timer);
          resolve(item);
        });
      });
    },
  };
}
