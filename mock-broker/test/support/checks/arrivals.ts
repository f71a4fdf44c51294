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
        const waiter = (item: T) => {
          clearTimeout(timer);
          resolve(item);
        };
        // A waiter that gave up leaves the line, so what arrives later is kept for the next one.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}
