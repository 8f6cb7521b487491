import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { breathe } from './breathe.ts';

/**
 * A worker thread connects and sends 'a'. On 'a' (an I/O callback: the poll phase) `scenario` runs; its `send()`
 * makes the worker send the next of `texts` and blocks this thread until those bytes are in the kernel, so they are
 * ready to be read from then on. Every text received and every `note` lands in the answer, in order.
 */
async function trace(
  texts: string[],
  scenario: (peer: { send(): void; note(text: string): void }) => Promise<unknown>,
): Promise<string[]> {
  const order: string[] = [];
  // [0]: texts asked for, [1]: texts in the kernel.
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const send = () => {
    const asked = Atomics.add(flags, 0, 1) + 1;
    Atomics.notify(flags, 0);
    for (let sent = Atomics.load(flags, 1); sent < asked; sent = Atomics.load(flags, 1))
      Atomics.wait(flags, 1, sent, 5000);
  };
  const server = createServer();
  const finished = new Promise<void>((resolve) => {
    server.on('connection', (socket) => {
      socket.on('data', (chunk) => {
        const text = chunk.toString();
        order.push(text);
        if (text !== 'a') return;
        void scenario({ send, note: (t) => order.push(t) }).then(() =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const worker = new Worker(
    `const { workerData: { port, flags, texts } } = require('node:worker_threads');
    const s = require('node:net').connect(port, '127.0.0.1', () => {
      s.write('a');
      let sent = 0;
      const next = () => {
        if (sent === texts.length) return;
        Atomics.wait(flags, 0, sent, 5000);
        s.write(texts[sent++], () => { Atomics.store(flags, 1, sent); Atomics.notify(flags, 1); next(); });
      };
      next();
    });
    s.on('error', () => {});`,
    { eval: true, workerData: { port, flags, texts } },
  );
  await finished;
  await worker.terminate();
  await new Promise((resolve) => server.close(resolve));
  return order;
}

describe('breathe', () => {
  it('resolves only after I/O that was ready has been handled, even when awaited in an I/O callback', async () => {
    const order = await trace(['b'], async ({ send, note }) => {
      send();
      await breathe();
      note('resolved');
    });
    expect(order).toEqual(['a', 'b', 'resolved']);
  });

  it('(why it waits for two turns) one setImmediate from an I/O callback resolves before that I/O is read', async () => {
    const order = await trace(['b'], async ({ send, note }) => {
      send();
      await new Promise((resolve) => setImmediate(resolve));
      note('resolved');
    });
    expect(order).toEqual(['a', 'resolved', 'b']);
  });

  it('steps waiting at the same time take turns: I/O ready after the first step is handled before the second', async () => {
    const order = await trace(['b', 'c'], async ({ send, note }) => {
      send();
      await Promise.all([
        breathe().then(() => {
          note('first');
          send();
        }),
        breathe().then(() => note('second')),
      ]);
    });
    expect(order).toEqual(['a', 'b', 'first', 'c', 'second']);
  });
});
