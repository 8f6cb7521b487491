/** How long the live message box stays after a push while neither the pointer nor the keyboard is on it. */
export const MESSAGE_BOX_CLOSE_MS = 8_000;

/**
 * A stored override of that delay in milliseconds, `0` keeping the box until it is closed: for a user who reads
 * slowly, and for the browser tests that look at a box long after its push.
 */
export const MESSAGE_BOX_CLOSE_MS_KEY = 'message-box-close-ms';

/** The delay in force: the stored override when it is a whole number of milliseconds, else the default. */
export function messageBoxCloseMs(): number {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(MESSAGE_BOX_CLOSE_MS_KEY);
  } catch {
    // Storage refused (private mode): the default.
  }
  const ms = stored === null || stored.trim() === '' ? Number.NaN : Number(stored);
  return Number.isInteger(ms) && ms >= 0 ? ms : MESSAGE_BOX_CLOSE_MS;
}
