/** The longest delay a Node timer holds: given a longer one, Node fires it after 1 ms instead. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** A timer set by timerUntil. */
export interface DueTimer {
  cancel(): void;
}

/**
 * Calls `fire` once the clock reaches `dueAt` (milliseconds since the epoch), however far ahead
 * that lies: a wait longer than one Node timer can hold (about 24.8 days) goes in steps, each
 * looking at the clock again. A due time already past fires on the next turn of the event loop.
 * The timer does not keep the process alive.
 */
export function timerUntil(dueAt: number, fire: () => void): DueTimer {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const wait = Math.min(Math.max(0, dueAt - Date.now()), MAX_TIMER_DELAY_MS);
    timer = setTimeout(() => (Date.now() < dueAt ? arm() : fire()), wait).unref();
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}
