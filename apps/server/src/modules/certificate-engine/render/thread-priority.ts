import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { RENDER_THREAD_NICE } from './types.ts';

/**
 * Renders (and the paper-scan reader) are background work: this thread runs at a lower CPU priority than the server's main thread, so that
 * when every core is busy rendering a batch, requests are still answered at once. Linux gives each thread its own
 * nice value (a thread is a task with its own id); elsewhere this does nothing.
 */
export function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) setPriority(tid, RENDER_THREAD_NICE);
  } catch {
    // No /proc (not Linux) or not allowed: the thread keeps the process's priority.
  }
}
