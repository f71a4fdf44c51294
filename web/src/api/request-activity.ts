// Spec section 2: the shell's loading bar shows while requests are in flight. Requests made with
// `ignoreLoading` are not counted.

type Listener = () => void;

const listeners = new Set<Listener>();
let inFlight = 0;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Counts a request until the returned function is called (once). */
export function trackRequest(): () => void {
  inFlight += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
    notify();
  };
}

export function requestsInFlight(): number {
  return inFlight;
}

export function subscribeToRequestActivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
