import { describe, expect, it } from 'vitest';
import { drawnSpans, ESTIMATED_HEIGHT, feedRange, OVERSCAN } from './feed-window';

const keys = Array.from({ length: 1000 }, (_, i) => `m${i}`);
const none = new Map<string, number>();

describe('feedRange (the message centre draws a window of its feed)', () => {
  it('a box not laid out yet draws the first messages', () => {
    expect(feedRange(keys, none, 0, 0)).toEqual({
      start: 0,
      end: 1 + OVERSCAN,
      before: 0,
      after: (1000 - 1 - OVERSCAN) * ESTIMATED_HEIGHT,
    });
  });

  it('draws the messages in view and 10 either side; the others are stood in for by their heights', () => {
    // 550 px of a box scrolled to 110 × 500: messages 500–504 are in view.
    const range = feedRange(keys, none, 500 * ESTIMATED_HEIGHT, 5 * ESTIMATED_HEIGHT);
    expect(range).toEqual({
      start: 500 - OVERSCAN,
      end: 505 + OVERSCAN,
      before: (500 - OVERSCAN) * ESTIMATED_HEIGHT,
      after: (1000 - 505 - OVERSCAN) * ESTIMATED_HEIGHT,
    });
  });

  it('a measured height replaces the estimate', () => {
    const heights = new Map(keys.slice(0, 100).map((k) => [k, 200]));
    const range = feedRange(keys, heights, 50 * 200, 400);
    expect(range.start).toBe(50 - OVERSCAN);
    expect(range.end).toBe(52 + OVERSCAN);
    expect(range.before).toBe((50 - OVERSCAN) * 200);
    expect(range.after).toBe(38 * 200 + 900 * ESTIMATED_HEIGHT);
  });

  it('scrolled past the end (the list shrank) still draws the last messages', () => {
    const range = feedRange(keys.slice(0, 20), none, 100_000, 500);
    expect(range.end).toBe(20);
    expect(range.start).toBe(19 - OVERSCAN);
  });
});

describe('drawnSpans (a focused message stays drawn)', () => {
  const range = { start: 40, end: 60, before: 0, after: 0 };
  it('is the window alone when nothing outside it holds the focus', () => {
    expect(drawnSpans(range, -1)).toEqual([[40, 60]]);
    expect(drawnSpans(range, 45)).toEqual([[40, 60]]);
  });

  it('adds the focused message above or below the window, in order', () => {
    expect(drawnSpans(range, 3)).toEqual([
      [3, 4],
      [40, 60],
    ]);
    expect(drawnSpans(range, 60)).toEqual([
      [40, 60],
      [60, 61],
    ]);
  });
});
