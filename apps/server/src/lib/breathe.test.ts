import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { breathe } from './breathe.ts';

/**
 * A worker thread sends 'a'; on 'a' (an I/O callback, the poll phase) this thread tells the worker to send 'b' and
 * waits, blocked, until 'b' has reached the kernel, then starts `wait`. The answer says whether 'b' was handled
 * before `wait` resolved.
 */
async function orderWith(wait: () => Promise<void>): Promise<string[]> {
  const order: string[] = [];
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const server = createServer();
  const finished = new Promise<void>((resolve) => {
    server.on('connection', (socket) => {
      socket.on('data', (chunk) => {
        const text = chunk.toString();
        order.push(text);
        if (text !== 'a') return;
        Atomics.store(flags, 0, 1);
        Atomics.notify(flags, 0);
        Atomics.wait(flags, 1, 0, 5000);
        void wait().then(() => {
          order.push('resolved');
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50);
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const worker = new Worker(
    `const { workerData: { port, flags } } = require('node:worker_threads');
    const s = require('node:net').connect(port, '127.0.0.1', () => {
      s.write('a');
      Atomics.wait(flags, 0, 0, 5000);
      s.write('b', () => { Atomics.store(flags, 1, 1); Atomics.notify(flags, 1); });
    });
    s.on('error', () => {});`,
    { eval: true, workerData: { port, flags } },
  );
  await finished;
  await worker.terminate();
  await new Promise((resolve) => server.close(resolve));
  return order;
}

describe('breathe', () => {
  it('resolves only after I/O that was ready has been handled, even when awaited in an I/O callback', async () => {
    expect(await orderWith(breathe)).toEqual(['a', 'b', 'resolved']);
  });

  it('(why it waits for two turns) one setImmediate from an I/O callback resolves before that I/O is read', async () => {
    expect(await orderWith(() => new Promise((resolve) => setImmediate(resolve)))).toEqual([
      'a',
      'resolved',
      'b',
    ]);
  });
});
