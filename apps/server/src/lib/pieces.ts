import type { FastifyInstance } from 'fastify';
import { breathe } from './breathe.ts';

/**
 * Items a piece of background database work takes: `embedded` on the embedded database, which runs each statement in
 * this thread so that a long one delays every request that arrived meanwhile (sized so a piece holds it a few
 * milliseconds on this project's machines, docs/decisions.md); `elsewhere` on PostgreSQL, whose statements hold
 * nothing here. Fixed, not learnt from timings: a piece's time is mostly waiting for the CPU and the database when
 * the machine is busy, and a size learnt from it shrinks to one row a transaction.
 */
export function pieceRows(
  app: Pick<FastifyInstance, 'database'>,
  embedded: number,
  elsewhere: number,
): number {
  return app.database.kind === 'pglite' ? embedded : elsewhere;
}

/**
 * Works through `items` `size` at a time, answering each piece's result in order. Between pieces the requests that
 * arrived are answered first (`breathe`). `last` tells the work its piece is the final one; no items, no work.
 */
export async function inPieces<T, R>(
  items: readonly T[],
  size: number,
  work: (piece: T[], last: boolean) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  const step = Math.max(1, Math.floor(size));
  for (let done = 0; done < items.length; done += step) {
    if (done > 0) await breathe();
    results.push(await work(items.slice(done, done + step), done + step >= items.length));
  }
  return results;
}
