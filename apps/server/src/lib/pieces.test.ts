import { describe, expect, it } from 'vitest';
import { inPieces, pieceRows } from './pieces.ts';

describe('pieceRows', () => {
  it('the embedded database takes the short pieces, PostgreSQL the long ones', () => {
    expect(pieceRows({ database: { kind: 'pglite' } as never }, 25, 500)).toBe(25);
    expect(pieceRows({ database: { kind: 'postgres' } as never }, 25, 500)).toBe(500);
  });
});

describe('inPieces', () => {
  it('works through every item in order, the last piece told it is the last, answering each result', async () => {
    const seen: [number[], boolean][] = [];
    const results = await inPieces([1, 2, 3, 4, 5, 6, 7], 3, async (piece, last) => {
      seen.push([piece, last]);
      return piece.length;
    });
    expect(seen).toEqual([
      [[1, 2, 3], false],
      [[4, 5, 6], false],
      [[7], true],
    ]);
    expect(results).toEqual([3, 3, 1]);
  });

  it('one piece when the items fit, told it is the last', async () => {
    const seen: boolean[] = [];
    await inPieces([1, 2], 500, async (_piece, last) => seen.push(last));
    expect(seen).toEqual([true]);
  });

  it('no items, no work', async () => {
    let calls = 0;
    expect(await inPieces([], 3, async () => calls++)).toEqual([]);
    expect(calls).toBe(0);
  });

  it('lets what is waiting on the event loop run between pieces', async () => {
    const order: string[] = [];
    await inPieces([1, 2], 1, async (piece) => {
      order.push(`piece ${piece[0]}`);
      if (piece[0] === 1) setImmediate(() => order.push('waiting'));
    });
    expect(order).toEqual(['piece 1', 'waiting', 'piece 2']);
  });
});
