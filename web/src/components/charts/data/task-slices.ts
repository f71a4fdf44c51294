// Chart work that would otherwise land in one task: a page of 12 charts answered together aligns
// and draws 36 lines at once, which took long tasks of 100–250 ms (issue 29). Each piece of work
// here runs in a task of its own or with a few others, a task holding no more than SLICE_MS of it,
// so input and painting get their turn in between.

/** Work a task holds at most before the rest waits for the next task (a piece is never split). */
const SLICE_MS = 12;

const waiting = new Set<() => void>();
let posted = false;

function runSlice(): void {
  posted = false;
  const started = performance.now();
  // A Set iterates in insertion order, and what a piece queues while it runs comes after it.
  for (const work of waiting) {
    waiting.delete(work);
    work();
    if (performance.now() - started >= SLICE_MS) break;
  }
  if (waiting.size > 0) post();
}

// A message starts a task at once, where a chain of setTimeout(0) is held back 4 ms a step.
const channel = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();
if (channel) {
  channel.port1.onmessage = runSlice;
  // Under Node (the unit tests) a port that listens keeps the process alive; browsers have no unref.
  (channel.port1 as MessagePort & { unref?: () => void }).unref?.();
}

function post(): void {
  if (posted) return;
  posted = true;
  if (channel) channel.port2.postMessage(undefined);
  else setTimeout(runSlice, 0);
}

/** Runs `work` in a coming task, after the work queued before it; the answer cancels it if it has not run. */
export function inTaskSlices(work: () => void): () => void {
  const piece = () => work();
  waiting.add(piece);
  post();
  return () => {
    waiting.delete(piece);
  };
}
