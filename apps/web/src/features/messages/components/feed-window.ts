import { type RefObject, useEffect, useLayoutEffect, useReducer, useRef } from 'react';

/** A message not measured yet is taken to be this high (px): one line of content with its buttons. */
export const ESTIMATED_HEIGHT = 110;
/** Messages kept in the document above and below the ones in view. */
export const OVERSCAN = 10;

/** The messages drawn (`start` ≤ i < `end`) and the heights standing in for those above and below them. */
export interface FeedRange {
  start: number;
  end: number;
  before: number;
  after: number;
}

/**
 * Which of `keys` to draw in a box `viewHeight` high scrolled to `scrollTop`: those in view and `OVERSCAN` either
 * side. A box not laid out (height 0) draws the first ones. Heights are the measured ones, else `ESTIMATED_HEIGHT`.
 */
export function feedRange(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
  scrollTop: number,
  viewHeight: number,
): FeedRange {
  const height = (i: number) => heights.get(keys[i]) ?? ESTIMATED_HEIGHT;
  let first = 0;
  let top = 0;
  while (first < keys.length - 1 && top + height(first) <= scrollTop) top += height(first++);
  let last = first;
  for (let y = top; last < keys.length && y < scrollTop + viewHeight; last++) y += height(last);
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(keys.length, Math.max(last, first + 1) + OVERSCAN);
  return {
    start,
    end,
    before: spanHeight(keys, heights, 0, start),
    after: spanHeight(keys, heights, end, keys.length),
  };
}

/** The height of messages `from` ≤ i < `to`: measured, else `ESTIMATED_HEIGHT`. */
export function spanHeight(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
  from: number,
  to: number,
): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += heights.get(keys[i]) ?? ESTIMATED_HEIGHT;
  return sum;
}

/**
 * The stretches of the feed to draw, in order: the window, and the message holding the focus when it is outside
 * (a button scrolled out of view keeps its focus; the keyboard goes on from there).
 */
export function drawnSpans(range: FeedRange, focused: number): [number, number][] {
  const window: [number, number] = [range.start, range.end];
  if (focused < 0 || (focused >= range.start && focused < range.end)) return [window];
  return focused < range.start ? [[focused, focused + 1], window] : [window, [focused, focused + 1]];
}

/**
 * The heights of the feed's articles (by their `data-key`) as laid out, kept after they leave the document; a
 * change redraws the feed so the space standing in for the others stays right.
 */
export function useMeasuredHeights(feedRef: RefObject<HTMLElement | null>): RefObject<Map<string, number>> {
  const heights = useRef(new Map<string, number>());
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  // After every render: watch the articles that came in, stop watching those that went.
  useLayoutEffect(() => {
    observer.current ??= new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.key;
        const height = entry.borderBoxSize?.[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
        // An article that left the document reports 0: its last height stands.
        if (!key || !height || heights.current.get(key) === height) continue;
        heights.current.set(key, height);
        changed = true;
      }
      if (changed) rerender();
    });
    const feed = feedRef.current;
    const now = new Set<Element>(feed ? feed.querySelectorAll(':scope > article[data-key]') : []);
    for (const el of observed.current) if (!now.has(el)) observer.current.unobserve(el);
    for (const el of now) if (!observed.current.has(el)) observer.current.observe(el);
    observed.current = now;
  });

  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
      observed.current = new Set();
    },
    [],
  );

  return heights;
}
