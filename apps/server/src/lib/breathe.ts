/**
 * Resolves after the event loop has polled for I/O at least once. The embedded database answers synchronously, so
 * a chain of statements (each `await` resumes in a microtask) holds every request that arrived meanwhile until the
 * chain ends. Background work awaits this between its steps, so a request waits for one step, not for the chain.
 *
 * One `setImmediate` is not enough: called from the poll phase it runs in the check phase of the same turn, before
 * any new I/O is read. The second one, scheduled from the check phase, runs only after the next poll.
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
