import { describe, expect, it } from 'vitest';
import { uuidv7 } from './id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('is a version-7, variant-10 UUID whose first 48 bits are the milliseconds', () => {
    const now = Date.UTC(2026, 10, 24, 6, 0, 0, 123);
    const id = uuidv7(now);
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts by creation time, and tens of thousands made at once are all different', () => {
    expect(uuidv7(1_000) < uuidv7(2_000)).toBe(true);
    const ids = Array.from({ length: 20_000 }, () => uuidv7(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 1000)) expect(id).toMatch(UUID_V7);
  });

  it('the random part is not all the same across a pool refill', () => {
    const tails = new Set(Array.from({ length: 900 }, () => uuidv7(0).slice(-12)));
    expect(tails.size).toBe(900);
  });
});
