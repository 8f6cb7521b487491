/** Resolvers of the steps waiting for their turn, oldest first. */
const waiting: (() => void)[] = [];
let pumping = false;

/** Runs in the check phase: lets one waiting step go, and comes back after the next poll for the one after it. */
function next() {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(next);
  else pumping = false;
}

/**
 * Resolves after the event loop has polled for I/O at least once, one waiting caller per turn of the loop. The
 * embedded database answers synchronously, so a chain of statements (each `await` resumes in a microtask) holds
 * every request that arrived meanwhile until the chain ends. Background work awaits this between its steps, so a
 * request waits for one step, not for a chain, and not for the steps of several jobs that happened to wait at once
 * (three render chunks ending together).
 *
 * One `setImmediate` is not enough: called from the poll phase it runs in the check phase of the same turn, before
 * any new I/O is read; the second one, scheduled from the check phase, runs only after the next poll. Later
 * callers are let go from the check phase, one a turn.
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (pumping) return;
    pumping = true;
    setImmediate(() => setImmediate(next));
  });
}
